import { Check, Dumbbell, Mail, MapPin, MessageSquare, PlayCircle, Sparkles, TriangleAlert, Trophy, Users, X, type LucideIcon } from 'lucide-react';

/**
 * The shell pages' icons: lucide-react line icons (the site's one icon set, imported one by one so only
 * these ship), decorative (aria-hidden), drawn in currentColor so both themes work.
 */
export type IconName = 'dumbbell' | 'sparkles' | 'pin' | 'chat' | 'trophy' | 'users' | 'play' | 'mail' | 'check' | 'cross' | 'alert';

const ICONS: Record<IconName, LucideIcon> = {
  dumbbell: Dumbbell,
  sparkles: Sparkles,
  pin: MapPin,
  chat: MessageSquare,
  trophy: Trophy,
  users: Users,
  play: PlayCircle,
  mail: Mail,
  check: Check,
  cross: X,
  alert: TriangleAlert,
};

export function Icon({ name, size = 28 }: { name: IconName; size?: number }) {
  const Svg = ICONS[name];
  return <Svg size={size} strokeWidth={1.8} aria-hidden="true" focusable="false" />;
}
