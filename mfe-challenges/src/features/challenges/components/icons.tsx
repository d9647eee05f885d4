import { Activity, ArrowLeft, Calendar, ChartColumn, CircleCheck, Dumbbell, Flame, HeartPulse, Plus, Search, StretchHorizontal, Target, Timer, TriangleAlert, Users } from 'lucide';
import { LineIcon, type IconNode } from '@fitconnect/shared-ui';
import type { ChallengeCategory } from '@fitconnect/contracts';

/**
 * The area's icons: Lucide line icons (the site's one icon set: node data imported one by one so only these
 * ship, drawn by shared-ui's LineIcon), in currentColor. Decorative unless given a label.
 */
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

const ICONS: Record<IconName, IconNode> = {
  cardio: HeartPulse,
  strength: Dumbbell,
  flexibility: StretchHorizontal,
  endurance: Timer,
  general: Activity,
  flame: Flame,
  users: Users,
  check: CircleCheck,
  chart: ChartColumn,
  target: Target,
  calendar: Calendar,
  plus: Plus,
  arrowLeft: ArrowLeft,
  search: Search,
  alert: TriangleAlert,
};

export function Icon({ name, size = 24, label }: { name: IconName; size?: number; label?: string }) {
  return (
    <LineIcon
      icon={ICONS[name]}
      size={size}
      strokeWidth={1.8}
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    />
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
