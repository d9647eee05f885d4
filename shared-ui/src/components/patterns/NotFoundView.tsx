import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { SearchX } from 'lucide';
import { Button, LineIcon } from '@fitconnect/shared-ui';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${({ theme }) => theme.space.sm};
  max-width: 640px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.md}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const IconDisc = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 64px;
  height: 64px;
  margin-bottom: ${({ theme }) => theme.space.xs};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.infoBg};
  color: ${({ theme }) => theme.colors.info};
`;

const Title = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  line-height: 1.25;
`;

const Desc = styled.p`
  margin: 0;
  max-width: 48ch;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Extra = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
  p {
    margin: 0 0 ${({ theme }) => theme.space.xs};
  }
`;

const Actions = styled.div`
  margin-top: ${({ theme }) => theme.space.sm};
`;

export interface NotFoundViewProps {
  title: ReactNode;
  description?: ReactNode;
  /** The way back: a link styled as the primary button. */
  action: { to: string; label: string };
  /** A drawn icon (default: a magnifier with a cross), decorative. */
  icon?: ReactNode;
  /** Heading level (default h1: a not-found view is the page). */
  headingAs?: 'h1' | 'h2';
  /** More lines under the description (e.g. the 404 page's developer hint). */
  children?: ReactNode;
  className?: string;
}

/** The one "not found" design: icon, heading, a line of why, and a button back. */
export function NotFoundView({ title, description, action, icon, headingAs = 'h1', children, className }: NotFoundViewProps) {
  return (
    <Box className={className} data-pattern="not-found">
      <IconDisc aria-hidden="true">{icon ?? <LineIcon icon={SearchX} size={32} strokeWidth={1.75} aria-hidden="true" focusable="false" />}</IconDisc>
      <Title as={headingAs}>{title}</Title>
      {description && <Desc>{description}</Desc>}
      {children && <Extra>{children}</Extra>}
      <Actions>
        <Button as={Link} to={action.to}>
          {action.label}
        </Button>
      </Actions>
    </Box>
  );
}
