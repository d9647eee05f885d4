import styled, { keyframes } from 'styled-components';
import { visuallyHidden } from './focus';

const spin = keyframes`to { transform: rotate(360deg); }`;

const sizes = { sm: 16, md: 24, lg: 40 } as const;
export type SpinnerSize = keyof typeof sizes;

const Ring = styled.span<{ $px: number }>`
  display: inline-block;
  width: ${({ $px }) => $px}px;
  height: ${({ $px }) => $px}px;
  border: ${({ $px }) => Math.max(2, Math.round($px / 8))}px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.75s linear infinite;
  flex-shrink: 0;
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2s;
  }
`;

const Wrap = styled.span<{ $center: boolean }>`
  display: ${({ $center }) => ($center ? 'flex' : 'inline-flex')};
  align-items: center;
  justify-content: center;
  color: ${({ $center, theme }) => ($center ? theme.colors.primary : 'inherit')};
  ${({ $center, theme }) => ($center ? `padding: ${theme.space.xl} 0; width: 100%;` : '')}
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;

export interface SpinnerProps {
  /** Text for screen readers. */
  label?: string;
  size?: SpinnerSize;
  /** Centre it in a block with padding (page/section loading). */
  center?: boolean;
  className?: string;
}

/** role=status so assistive tech announces the label. */
export function Spinner({ label = 'Loading', size = 'md', center = false, className }: SpinnerProps) {
  return (
    <Wrap role="status" $center={center} className={className}>
      <Ring $px={sizes[size]} aria-hidden="true" />
      <Hidden>{label}</Hidden>
    </Wrap>
  );
}
