import type { HTMLAttributes, ReactNode } from 'react';
import styled, { type DefaultTheme } from 'styled-components';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info';

function toneColors(tone: BadgeTone, t: DefaultTheme): { fg: string; bg: string } {
  const c = t.colors;
  switch (tone) {
    case 'primary':
      return { fg: c.primaryText, bg: c.primary };
    case 'success':
      return { fg: c.success, bg: c.successBg };
    case 'warning':
      return { fg: c.warning, bg: c.warningBg };
    case 'danger':
      return { fg: c.danger, bg: c.dangerBg };
    case 'info':
      return { fg: c.info, bg: c.infoBg };
    default:
      return { fg: c.text, bg: c.surfaceAlt };
  }
}

const StyledBadge = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
  line-height: 1.6;
  white-space: nowrap;
  color: ${({ $tone, theme }) => toneColors($tone, theme).fg};
  background: ${({ $tone, theme }) => toneColors($tone, theme).bg};
  border: 1px solid ${({ $tone, theme }) => ($tone === 'neutral' ? theme.colors.border : toneColors($tone, theme).fg)};
`;

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  children?: ReactNode;
}

export function Badge({ tone = 'neutral', children, ...rest }: BadgeProps) {
  return (
    <StyledBadge $tone={tone} {...rest}>
      {children}
    </StyledBadge>
  );
}
