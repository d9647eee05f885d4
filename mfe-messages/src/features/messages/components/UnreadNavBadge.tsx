import styled from 'styled-components';
import { UnreadBadge, unreadLabel } from '@fitconnect/shared-ui/patterns';
import { useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY, useCurrentUser } from '@fitconnect/shared-ui';
import { UNREAD_KEY, useUnreadTotal } from '../api/get-unread';
import { useLiveMessages } from '../lib/live';

export { unreadLabel };

const NavCount = styled(UnreadBadge)`
  margin-left: 6px;
`;


/**
 * The unread total next to the shell's Messages entry (RemoteAreaModule.NavBadge): from GET
 * /api/messages/unread, then kept current by the live stream (and by the thread view's mark-read). Nothing
 * when there is nothing unread.
 */
export function UnreadNavBadge() {
  const { isSignedIn } = useCurrentUser();
  const qc = useQueryClient();
  const q = useUnreadTotal(isSignedIn);
  useLiveMessages(
    {
      unread: (total) => qc.setQueryData(UNREAD_KEY, { total }),
      // The stream's session ended (signed out in another tab or device, password reset): ask who is signed
      // in, so the page stops showing a signed-in view (and this badge goes) if nobody is.
      ended: (reason) => {
        if (reason === 'signed-out') void qc.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      },
    },
    isSignedIn,
  );
  const total = q.data?.total ?? 0;
  if (!isSignedIn || total <= 0) return null;
  // The site's one unread badge (shared-ui), a live status next to the nav entry.
  return <NavCount count={total} mode="status" data-testid="unread-badge" />;
}
