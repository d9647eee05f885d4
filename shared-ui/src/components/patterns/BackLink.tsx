import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ArrowLeft } from 'lucide';
import { focusRing, LineIcon } from '@fitconnect/shared-ui';

const StyledLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  margin-bottom: ${({ theme }) => theme.space.md};
  padding: 4px 2px;
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radii.sm};
  &:hover {
    text-decoration: underline;
  }
  svg {
    flex: none;
  }
  ${focusRing}
`;

export interface BackLinkProps {
  to: string;
  /** The link's text, e.g. 'All trainers' (the arrow is drawn, not part of the name). */
  children: ReactNode;
  className?: string;
}

/** The one back link above a detail page: an arrow icon and the place it goes back to. */
export function BackLink({ to, children, className }: BackLinkProps) {
  return (
    <StyledLink to={to} className={className} data-pattern="back-link">
      <LineIcon icon={ArrowLeft} size={18} strokeWidth={2.25} aria-hidden="true" focusable="false" />
      <span>{children}</span>
    </StyledLink>
  );
}
