import { Avatar as SharedAvatar } from '@fitconnect/shared-ui/patterns';

/** The partner's initials in the site's one avatar (shared-ui); decorative: the name is always next to it. */
export function Avatar({ user, size = 44 }: { user: { firstName: string; lastName: string }; size?: number }) {
  return <SharedAvatar firstName={user.firstName} lastName={user.lastName} size={size} />;
}
