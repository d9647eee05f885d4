import { Check, Dumbbell, Mail, MapPin, MessageSquare, PlayCircle, Sparkles, TriangleAlert, Trophy, Users, X } from 'lucide';
import { LineIcon, type IconNode } from '@fitconnect/shared-ui';

/**
 * The shell pages' icons: Lucide line icons (the site's one icon set: node data imported one by one so only
 * these ship, drawn by shared-ui's LineIcon), decorative (aria-hidden), drawn in currentColor so both themes work.
 */
export type IconName = 'dumbbell' | 'sparkles' | 'pin' | 'chat' | 'trophy' | 'users' | 'play' | 'mail' | 'check' | 'cross' | 'alert';

const ICONS: Record<IconName, IconNode> = {
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
  return <LineIcon icon={ICONS[name]} size={size} strokeWidth={1.8} aria-hidden="true" focusable="false" />;
}
