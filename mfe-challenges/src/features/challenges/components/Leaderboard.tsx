import styled from 'styled-components';
import type { LeaderboardEntry } from '@fitconnect/contracts';
import { Badge, visuallyHidden } from '@fitconnect/shared-ui';
import { formatAmount } from '../lib/format';
import { Medal } from './icons';
import { ProgressBar } from './ProgressBar';

// No style attribute (a server-rendered page's CSP refuses them): a class.
const Flush = styled.p`
  margin: 0;
`;

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Row = styled.li<{ $me: boolean }>`
  display: grid;
  grid-template-columns: minmax(2.5rem, max-content) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ $me, theme }) => ($me ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const Rank = styled.span`
  font-size: 1.5rem;
  font-weight: 700;
  text-align: center;
  line-height: 1;
`;

const RankNumber = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;

const Who = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 0;
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 4px ${({ theme }) => theme.space.sm};
`;

const Name = styled.span`
  font-weight: 700;
  overflow-wrap: anywhere;
`;

const Muted = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Amount = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  white-space: nowrap;
`;

export const NO_PARTICIPANTS = 'No participants yet';
export const YOUR_RANK = 'Your rank';

const Yours = styled.section`
  margin-top: ${({ theme }) => theme.space.md};
  padding-top: ${({ theme }) => theme.space.sm};
  border-top: 1px dashed ${({ theme }) => theme.colors.border};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const YoursTitle = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface LeaderboardProps {
  entries: LeaderboardEntry[];
  target: number;
  unit: string;
  /** The signed-in user's id, to mark their row. */
  meId?: number | null;
  /** The signed-in user's own row with their rank (issue 35.4), shown under the list when it is not one of its rows. */
  me?: LeaderboardEntry | null;
  /** Everyone taking part, for "of N" beside the own rank. */
  participantCount?: number;
}

function EntryRow({ e, target, unit, me, own = false }: { e: LeaderboardEntry; target: number; unit: string; me: boolean; own?: boolean }) {
  const name = `${e.user.firstName} ${e.user.lastName}`.trim();
  return (
    <Row $me={me} data-testid={own ? 'leaderboard-own-row' : 'leaderboard-row'}>
      <Rank>
        {e.rank <= 3 ? (
          <Medal rank={e.rank as 1 | 2 | 3} />
        ) : (
          <RankNumber>
            <Hidden>Rank </Hidden>
            {formatAmount(e.rank)}
          </RankNumber>
        )}
      </Rank>
      <Who>
        <Line>
          <Name>
            {name}
            {me && <Muted> (you)</Muted>}
          </Name>
          <Amount>
            {formatAmount(e.currentProgress)} {unit}
          </Amount>
        </Line>
        <Line>
          <Muted>{e.user.location || 'Location not set'}</Muted>
          {e.completed && <Badge tone="success">Completed</Badge>}
        </Line>
        <ProgressBar progress={e.currentProgress} target={target} label={`${name}'s progress`} />
      </Who>
    </Row>
  );
}

/**
 * SPEC §2 leaderboard: rank with medals for 1-3, name, location, progress with unit, a bar capped at 100 %.
 * The signed-in participant's own row follows under its own heading when they are further down than the
 * rows shown ("Your rank").
 */
export function Leaderboard({ entries, target, unit, meId, me, participantCount }: LeaderboardProps) {
  if (entries.length === 0 && !me) return <Flush>{NO_PARTICIPANTS}</Flush>;
  const isMe = (e: LeaderboardEntry) => meId != null && e.user.id === meId;
  const ownBelow = me && !entries.some((e) => e.user.id === me.user.id) ? me : null;
  return (
    <>
      {entries.length > 0 && (
        <List aria-label="Leaderboard">
          {entries.map((e) => (
            <EntryRow key={e.id} e={e} target={target} unit={unit} me={isMe(e)} />
          ))}
        </List>
      )}
      {ownBelow && (
        <Yours aria-labelledby="your-rank-title">
          <YoursTitle id="your-rank-title">
            {YOUR_RANK}: {formatAmount(ownBelow.rank)}
            {participantCount ? ` of ${formatAmount(participantCount)}` : ''}
          </YoursTitle>
          <List aria-label={YOUR_RANK}>
            <EntryRow e={ownBelow} target={target} unit={unit} me own />
          </List>
        </Yours>
      )}
    </>
  );
}
