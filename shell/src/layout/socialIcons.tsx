import type { ComponentType, ReactNode } from 'react';

/**
 * The footer's social icons, drawn in the same line style as the site's Lucide icons, shared-ui's LineIcon (24-unit grid, 2 px
 * round strokes, currentColor). lucide 1.x has no brand icons any more, so these four are drawn here
 * (Facebook, Instagram and LinkedIn after lucide 0.x's own, ISC; X after Tabler's, MIT).
 * Each is a named image (role img), not a link: SPEC's social icons link nowhere.
 */
function Svg({ name, children }: { name: string; children: ReactNode }) {
  return (
    <svg
      role="img"
      aria-label={name}
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const Facebook = () => (
  <Svg name="Facebook">
    <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
  </Svg>
);
const XLogo = () => (
  <Svg name="X (Twitter)">
    <path d="M4 4l11.7 16H20L8.3 4z" />
    <path d="M4 20l6.8-6.8M13.2 10.8L20 4" />
  </Svg>
);
const LinkedIn = () => (
  <Svg name="LinkedIn">
    <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
    <rect width="4" height="12" x="2" y="9" />
    <circle cx="4" cy="4" r="2" />
  </Svg>
);
const Instagram = () => (
  <Svg name="Instagram">
    <rect width="20" height="20" x="2" y="2" rx="5" ry="5" />
    <path d="M16 11.4A4 4 0 1 1 12.6 8 4 4 0 0 1 16 11.4z" />
    <path d="M17.5 6.5h.01" />
  </Svg>
);

export const SOCIAL_ICONS: { name: string; Icon: ComponentType }[] = [
  { name: 'Facebook', Icon: Facebook },
  { name: 'X (Twitter)', Icon: XLogo },
  { name: 'LinkedIn', Icon: LinkedIn },
  { name: 'Instagram', Icon: Instagram },
];
