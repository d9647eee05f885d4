import { Link } from 'react-router-dom';
import { preloadChallengeOnIntent } from '../lazy';
import styled from 'styled-components';
import type { ChallengeSummary } from '@fitconnect/contracts';
import { Button, Card } from '@fitconnect/shared-ui';
import { useDateTimeZone } from '../lib/clock';
import { formatDate, formatGoal } from '../lib/format';
import { timingOf } from '../lib/timing';
import { CategoryIcon, DifficultyBadge, TimingBadge } from './Badges';
import { JoinButton } from './JoinButton';

// Fills its grid cell (the cards of a row are as tall as the tallest).
const Frame = styled(Card)`
  flex: 1;
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  height: 100%;
  box-sizing: border-box;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space.md};
  }
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

// An h3: the cards sit under the list's section headings (h2: Featured, Popular, ...).
const Title = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  line-height: 1.3;
  overflow-wrap: anywhere;
`;

const Description = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1.5;
  overflow-wrap: anywhere;
`;

const Facts = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 4px ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

const Actions = styled.div`
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space.sm};
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space.sm};
`;

export interface ChallengeCardProps {
  challenge: ChallengeSummary;
  signedIn: boolean;
  now?: Date;
}

/** SPEC §2 card: difficulty badge, category emoji, title, description, goal, dates, timing label, actions. */
export function ChallengeCard({ challenge: c, signedIn, now }: ChallengeCardProps) {
  const timing = timingOf(c, now);
  const timeZone = useDateTimeZone();
  return (
    <Frame as="article" aria-labelledby={`challenge-${c.id}-title`} data-testid="challenge-card">
      <Body>
        <Top>
          <DifficultyBadge difficulty={c.difficulty} />
          <CategoryIcon category={c.category} />
        </Top>
        <Title id={`challenge-${c.id}-title`}>{c.title}</Title>
        <Description>{c.description}</Description>
        <Facts>
          <dt>Goal</dt>
          <dd>{formatGoal(c)}</dd>
          <dt>Dates</dt>
          <dd>
            {formatDate(c.startDate, timeZone)} – {formatDate(c.endDate, timeZone)}
          </dd>
          <dt>Status</dt>
          <dd>
            <TimingBadge timing={timing} />
          </dd>
        </Facts>
        <Actions>
          <Button
            as={Link}
            to={`/challenges/${c.id}`}
            variant="outline"
            aria-label={`View Details: ${c.title}`}
            onPointerEnter={preloadChallengeOnIntent}
            onFocus={preloadChallengeOnIntent}
            onPointerDown={preloadChallengeOnIntent}
          >
            View Details
          </Button>
          <JoinButton
            challengeId={c.id}
            timing={timing}
            signedIn={signedIn}
            joined={!!c.joined}
            joinLabel="Join"
            endedLabel="Ended"
            context={c.title}
          />
        </Actions>
      </Body>
    </Frame>
  );
}
