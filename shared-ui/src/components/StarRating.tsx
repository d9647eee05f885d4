import { useId, useRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { focusRing } from './focus';

const sizes = { sm: 14, md: 18, lg: 26 } as const;
export type StarSize = keyof typeof sizes;

export type StarFill = 'full' | 'half' | 'empty';

/** SPEC §9: whole stars for the integer part, a half star when the fraction is at least .5. */
export function starFills(value: number, max = 5): StarFill[] {
  const v = Math.max(0, Math.min(max, Number.isFinite(value) ? value : 0));
  const full = Math.floor(v);
  const half = v - full >= 0.5 ? 1 : 0;
  return Array.from({ length: max }, (_, i) => (i < full ? 'full' : i < full + half ? 'half' : 'empty'));
}

const STAR_PATH = 'M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55L2.48 9.42l6.58-.96L12 2.5z';

function Star({ fill, px, gradientId }: { fill: StarFill; px: number; gradientId: string }) {
  return (
    <svg width={px} height={px} viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-star={fill}>
      {fill === 'half' && (
        <defs>
          <linearGradient id={gradientId}>
            <stop offset="50%" stopColor="currentColor" />
            <stop offset="50%" stopColor="transparent" />
          </linearGradient>
        </defs>
      )}
      <path
        d={STAR_PATH}
        fill={fill === 'full' ? 'currentColor' : fill === 'half' ? `url(#${gradientId})` : 'none'}
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const Stars = styled.span<{ $empty?: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  color: ${({ theme }) => theme.colors.star};
  vertical-align: middle;
`;

const formatRating = (v: number) => String(Math.round(v * 10) / 10);

export interface StarRatingProps {
  value: number;
  max?: number;
  size?: StarSize;
  className?: string;
}

/** Read-only stars, announced as 'Rated X out of 5'. */
export function StarRating({ value, max = 5, size = 'md', className }: StarRatingProps) {
  const uid = useId();
  const safe = Number.isFinite(value) ? value : 0;
  return (
    <Stars role="img" aria-label={`Rated ${formatRating(safe)} out of ${max}`} className={className}>
      {starFills(safe, max).map((f, i) => (
        <Star key={i} fill={f} px={sizes[size]} gradientId={`star-half-${uid}-${i}`} />
      ))}
    </Stars>
  );
}

const Group = styled.div`
  display: inline-flex;
  gap: 2px;
`;

const StarButton = styled.button<{ $on: boolean }>`
  display: inline-flex;
  padding: 2px;
  border: none;
  background: transparent;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ $on, theme }) => ($on ? theme.colors.star : theme.colors.starEmpty)};
  cursor: pointer;
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  &:hover:not(:disabled) {
    transform: scale(1.1);
  }
  ${focusRing}
`;

export interface StarRatingInputProps {
  value: number;
  onChange: (value: number) => void;
  max?: number;
  size?: StarSize;
  /** Accessible name of the group (default 'Rating'). */
  label?: string;
  disabled?: boolean;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/**
 * Pick 1..max stars: a radio group (one tab stop, arrow keys change the value, Home/End),
 * each star a radio named 'N star(s)'.
 */
export function StarRatingInput({
  value,
  onChange,
  max = 5,
  size = 'lg',
  label = 'Rating',
  disabled = false,
  id,
  ...aria
}: StarRatingInputProps) {
  const uid = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.max(0, Math.min(max, Math.round(value || 0)));

  const select = (n: number) => {
    const v = Math.max(1, Math.min(max, n));
    onChange(v);
    refs.current[v - 1]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const keys: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowUp: current + 1,
      ArrowLeft: current - 1,
      ArrowDown: current - 1,
      Home: 1,
      End: max,
    };
    if (!(e.key in keys)) return;
    e.preventDefault();
    select(keys[e.key]);
  };

  return (
    <Group role="radiogroup" aria-label={label} id={id} onKeyDown={onKeyDown} aria-describedby={aria['aria-describedby']} aria-invalid={aria['aria-invalid'] || undefined}>
      {Array.from({ length: max }, (_, i) => {
        const n = i + 1;
        const checked = n === current;
        // Roving tabindex: the checked star, or the first when nothing is chosen yet.
        const tabbable = checked || (current === 0 && n === 1);
        return (
          <StarButton
            key={n}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={`${n} star${n === 1 ? '' : 's'}`}
            tabIndex={tabbable ? 0 : -1}
            disabled={disabled}
            $on={n <= current}
            onClick={() => select(n)}
          >
            <Star fill={n <= current ? 'full' : 'empty'} px={sizes[size]} gradientId={`star-in-${uid}-${i}`} />
          </StarButton>
        );
      })}
    </Group>
  );
}
