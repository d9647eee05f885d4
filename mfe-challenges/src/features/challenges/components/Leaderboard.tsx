import styled from 'styled-components';
import type { LeaderboardEntry } from '@fitconnect/contracts';
import { Badge, visuallyHidden } from '@fitconnect/shared-ui';
import { formatAmount } from '../lib/format';
import { Medal } from './icons';
import { ProgressBar } from './ProgressBar';

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
  grid-template-columns: 2.5rem minmax(0, 1fr);
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

export interface LeaderboardProps {
  entries: LeaderboardEntry[];
  target: number;
  unit: string;
  /** The signed-in user's id, to mark their row. */
  meId?: number | null;
}

/** SPEC §2 leaderboard: rank with medals for 1-3, name, location, progress with unit, a bar capped at 100 %. */
export function Leaderboard({ entries, target, unit, meId }: LeaderboardProps) {
  if (entries.length === 0) return <p style={{ margin: 0 }}>{NO_PARTICIPANTS}</p>;
  return (
    <List aria-label="Leaderboard">
      {entries.map((e) => {
        const name = `${e.user.firstName} ${e.user.lastName}`.trim();
        const me = meId != null && e.user.id === meId;
        return (
          <Row key={e.id} $me={me} data-testid="leaderboard-row">
            <Rank>
              {e.rank <= 3 ? (
                <Medal rank={e.rank as 1 | 2 | 3} />
              ) : (
                <RankNumber>
                  <Hidden>Rank </Hidden>
                  {e.rank}
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
      })}
    </List>
  );
}
