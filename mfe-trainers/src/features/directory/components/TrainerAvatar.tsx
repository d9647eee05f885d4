import { Avatar } from '@fitconnect/shared-ui/patterns';

export interface TrainerAvatarProps {
  firstName: string;
  lastName: string;
  /** Photo URL, or null for initials. */
  src: string | null;
  size?: number;
  /** Alternative text; empty (decorative) by default because the name is shown next to it. */
  alt?: string;
  className?: string;
}

/** The trainer's photo, or their initials: the site's one avatar (shared-ui's Avatar). */
export function TrainerAvatar({ firstName, lastName, src, size = 64, alt = '', className }: TrainerAvatarProps) {
  return <Avatar firstName={firstName} lastName={lastName} src={src} size={size} alt={alt} className={className} data-testid={src ? undefined : 'trainer-initials'} />;
}
