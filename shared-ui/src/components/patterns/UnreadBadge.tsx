import styled from 'styled-components';
import { visuallyHidden } from '@fitconnect/shared-ui';

export const unreadLabel = (n: number) => (n === 1 ? '1 unread message' : `${n} unread messages`);

const Count = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  min-width: 20px;
  height: 20px;
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: 0.72rem;
  font-weight: 700;
  line-height: 1;
  vertical-align: middle;
  box-sizing: border-box;
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;

export interface UnreadBadgeProps {
  count: number;
  /**
   * 'status': a live status announced by its label (the nav's badge); 'text' (default): the count is read
   * as text with the row it sits in (a conversation in the list).
   */
  mode?: 'status' | 'text';
  className?: string;
  'data-testid'?: string;
}

/** The one unread count (red pill), in the nav and in the conversation list. Nothing when zero. */
export function UnreadBadge({ count, mode = 'text', className, ...rest }: UnreadBadgeProps) {
  if (count <= 0) return null;
  const shown = count > 99 ? '99+' : String(count);
  if (mode === 'status')
    return (
      <Count role="status" aria-label={unreadLabel(count)} className={className} data-pattern="unread-badge" {...rest}>
        {shown}
      </Count>
    );
  return (
    <Count className={className} data-pattern="unread-badge" {...rest}>
      <span aria-hidden="true">{shown}</span>
      <Hidden>{unreadLabel(count)}</Hidden>
    </Count>
  );
}
