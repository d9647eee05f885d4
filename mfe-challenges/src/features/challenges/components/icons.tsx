import type { ReactNode } from 'react';
import type { ChallengeCategory } from '@fitconnect/contracts';

/**
 * Icons as inline SVG in currentColor, not emoji: a system without an emoji font (a stock Linux desktop,
 * headless Chromium) shows emoji as empty boxes. Decorative unless given a label.
 */
function Svg({ children, size = 24, label }: { children: ReactNode; size?: number; label?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {label && <title>{label}</title>}
      {children}
    </svg>
  );
}

export type IconName =
  | 'cardio'
  | 'strength'
  | 'flexibility'
  | 'endurance'
  | 'general'
  | 'flame'
  | 'users'
  | 'check'
  | 'chart'
  | 'target'
  | 'calendar'
  | 'plus'
  | 'arrowLeft'
  | 'search'
  | 'alert';

const PATHS: Record<IconName, ReactNode> = {
  // A heart with a pulse line.
  cardio: (
    <>
      <path d="M20.5 8.5c0 5-8.5 11-8.5 11s-8.5-6-8.5-11A4.5 4.5 0 0 1 12 6a4.5 4.5 0 0 1 8.5 2.5z" />
      <path d="M3.5 12h4l1.5-2.5 2.5 5 1.5-2.5h7.5" />
    </>
  ),
  strength: (
    <>
      <path d="M6.5 6.5v11M17.5 6.5v11M6.5 12h11" />
      <rect x="3" y="8.5" width="3.5" height="7" rx="1" />
      <rect x="17.5" y="8.5" width="3.5" height="7" rx="1" />
    </>
  ),
  // A figure stretching.
  flexibility: (
    <>
      <circle cx="12" cy="4.5" r="2" />
      <path d="M4 9.5l8 1.5 8-1.5M12 11v4l-4 5M12 15l4 5" />
    </>
  ),
  // A stopwatch.
  endurance: (
    <>
      <circle cx="12" cy="13.5" r="7.5" />
      <path d="M12 13.5V9.5M10 2.5h4M12 2.5V6M18.5 6.5l1.5-1.5" />
    </>
  ),
  // A trophy.
  general: (
    <>
      <path d="M8 4h8v5a4 4 0 0 1-8 0V4z" />
      <path d="M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8.5 20.5h7M10 17h4l.5 3.5h-5z" />
    </>
  ),
  flame: <path d="M12 21c-4 0-7-2.7-7-6.5 0-3.5 3-5.5 3.5-9 2 1.5 3 3.5 3 5.5 1-1 1.5-2.5 1.5-4 3 2 5 5 5 7.5 0 3.8-2.5 6.5-6 6.5z" />,
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
      <path d="M16 4.8a3.5 3.5 0 0 1 0 6.4M18 14.4c2.1.8 3.5 2.8 3.5 5.6" />
    </>
  ),
  check: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l2.5 2.5L16 9.5" />
    </>
  ),
  chart: <path d="M4 20V4M4 20h16M8 16v-4M12 16V8M16 16v-6" />,
  target: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1" />
    </>
  ),
  calendar: (
    <>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </>
  ),
  plus: <path d="M12 5v14M5 12h14" />,
  arrowLeft: <path d="M19 12H5M11 6l-6 6 6 6" />,
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-4-4" />
    </>
  ),
  alert: (
    <>
      <path d="M12 3.5L2.5 20h19L12 3.5z" />
      <path d="M12 10v4.5M12 17.5v.01" />
    </>
  ),
};

export function Icon({ name, size, label }: { name: IconName; size?: number; label?: string }) {
  return (
    <Svg size={size} label={label}>
      {PATHS[name]}
    </Svg>
  );
}

export const CATEGORY_ICON: Record<ChallengeCategory, IconName> = {
  cardio: 'cardio',
  strength: 'strength',
  flexibility: 'flexibility',
  endurance: 'endurance',
  general: 'general',
};

const MEDAL_FILL: Record<number, { fill: string; name: string }> = {
  1: { fill: '#d4a017', name: 'Gold' },
  2: { fill: '#a8a9ad', name: 'Silver' },
  3: { fill: '#c47a35', name: 'Bronze' },
};

/** A gold, silver or bronze medal with its rank (ranks 1 to 3), named 'Gold medal, rank 1'. */
export function Medal({ rank, size = 32 }: { rank: 1 | 2 | 3; size?: number }) {
  const m = MEDAL_FILL[rank];
  const label = `${m.name} medal, rank ${rank}`;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={label} focusable="false" data-medal={rank}>
      <title>{label}</title>
      <path d="M9 2h5l3 9h-5zM23 2h-5l-3 9h5z" fill="#2563eb" />
      <circle cx="16" cy="20" r="10" fill={m.fill} stroke="#3f2d05" strokeOpacity="0.35" strokeWidth="1.5" />
      <text x="16" y="24.5" textAnchor="middle" fontSize="12" fontWeight="700" fill="#1f1300" fontFamily="system-ui, sans-serif">
        {rank}
      </text>
    </svg>
  );
}
