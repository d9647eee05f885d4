import type { ReactNode } from 'react';

/**
 * Large decorative icons as inline SVG in currentColor (not emoji: a system without an emoji font,
 * e.g. a stock Linux desktop, shows emoji as empty boxes).
 */
function Svg({ children, size = 40 }: { children: ReactNode; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const DumbbellIcon = () => (
  <Svg>
    <path d="M6.5 6.5v11M17.5 6.5v11M6.5 12h11" />
    <rect x="3" y="8.5" width="3.5" height="7" rx="1" />
    <rect x="17.5" y="8.5" width="3.5" height="7" rx="1" />
  </Svg>
);

export const SearchIcon = () => (
  <Svg>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-4-4" />
  </Svg>
);

export const DoneIcon = () => (
  <Svg size={56}>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 12.5l2.5 2.5L16 9.5" />
  </Svg>
);
