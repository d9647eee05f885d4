import styled from 'styled-components';
import { useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY, useCurrentUser } from '@fitconnect/shared-ui';
import { UNREAD_KEY, useUnreadTotal } from '../api/get-unread';
import { useLiveMessages } from '../lib/live';

const Count = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 18px;
  height: 18px;
  padding: 0 5px;
  margin-left: 6px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: 0.7rem;
  font-weight: 700;
  line-height: 1;
  vertical-align: middle;
`;

export const unreadLabel = (n: number) => (n === 1 ? '1 unread message' : `${n} unread messages`);

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
  const shown = total > 99 ? '99+' : String(total);
  return (
    <Count role="status" aria-label={unreadLabel(total)} data-testid="unread-badge">
      {shown}
    </Count>
  );
}
