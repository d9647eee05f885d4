import styled from 'styled-components';
import { progressPercent } from '../lib/format';

const Track = styled.div`
  width: 100%;
  height: 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow: hidden;
`;

// The width is a class, not a style attribute: a server-rendered page's HTML may carry no style attribute (the
// CSP refuses them). Tenths of a percent: at most 1001 distinct rules.
const Fill = styled.div<{ $done: boolean; $pct: number }>`
  width: ${({ $pct }) => $pct}%;
  height: 100%;
  border-radius: inherit;
  background: ${({ $done, theme }) => ($done ? theme.colors.success : theme.colors.primary)};
  transition: width 0.3s ease;
`;

export interface ProgressBarProps {
  progress: number;
  target: number;
  /** Accessible name, e.g. "Alex Moss's progress". */
  label: string;
}

/** A progress bar whose percentage is capped at 100 (SPEC §9). */
export function ProgressBar({ progress, target, label }: ProgressBarProps) {
  const pct = progressPercent(progress, target);
  const rounded = Math.round(pct);
  return (
    <Track role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={rounded} aria-valuetext={`${rounded}%`}>
      <Fill $done={pct >= 100} $pct={Math.round(pct * 10) / 10} data-testid="progress-fill" />
    </Track>
  );
}
