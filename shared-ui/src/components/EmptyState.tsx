import type { ReactNode } from 'react';
import styled from 'styled-components';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xxl} ${theme.space.md}`};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const Icon = styled.div`
  font-size: 2.5rem;
  line-height: 1;
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

/** Classes, not style attributes: a server-rendered page's style="" is refused by the CSP. */
const Action = styled.div`
  margin-top: 8px;
`;

const Desc = styled.p`
  margin: 0;
  max-width: 48ch;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  /** Heading level element for the title (default h2). */
  headingAs?: 'h1' | 'h2' | 'h3' | 'h4';
  className?: string;
}

export function EmptyState({ title, description, action, icon, headingAs = 'h2', className }: EmptyStateProps) {
  return (
    <Box className={className}>
      {icon && <Icon aria-hidden="true">{icon}</Icon>}
      <Title as={headingAs}>{title}</Title>
      {description && <Desc>{description}</Desc>}
      {action && <Action>{action}</Action>}
    </Box>
  );
}
