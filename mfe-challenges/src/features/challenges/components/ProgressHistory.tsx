import styled from 'styled-components';
import type { MyParticipation } from '@fitconnect/contracts';
import { formatAmount, formatDateTime } from '../lib/format';

// No style attribute (a server-rendered page's CSP refuses them): a class.
const Flush = styled.p`
  margin: 0;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  max-height: 320px;
  overflow-y: auto;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 2px ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child {
    border-bottom: none;
  }
`;

const Amount = styled.strong`
  white-space: nowrap;
`;

const Note = styled.span`
  flex-basis: 100%;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const When = styled.time`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The participant's own logs, newest first. */
export function ProgressHistory({ participation, unit }: { participation: MyParticipation; unit: string }) {
  if (participation.entries.length === 0) return <Flush>No progress logged yet.</Flush>;
  return (
    <List aria-label="Your progress history" tabIndex={0}>
      {participation.entries.map((e, i) => (
        <Item key={`${e.at}-${i}`} data-testid="progress-entry">
          <Amount>
            +{formatAmount(e.amount)} {unit}
          </Amount>
          <When dateTime={e.at}>{formatDateTime(e.at)}</When>
          {e.note && <Note>{e.note}</Note>}
        </Item>
      ))}
    </List>
  );
}
