import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { POPULAR_CHALLENGE_MIN_PARTICIPANTS } from '@fitconnect/contracts/challenge-rules';
import type { ChallengeSummary } from '@fitconnect/contracts/challenges';
import { Button, Grid, Spinner } from '@fitconnect/shared-ui';
import { showsError } from '@fitconnect/shared-ui/patterns';
import { useCommunityChallenges } from '../api/get-community-challenges';
import { timingOf } from '../lib/timing';
import { ChallengeCard } from './ChallengeCard';

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space.xl};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Intro = styled.p`
  margin: 4px 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const CardList = styled(Grid)`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const CardItem = styled.li`
  display: flex;
  flex-direction: column;
`;

const Note = styled.p<{ $flush?: 'top' | 'all' }>`
  margin: ${({ $flush }) => ($flush === 'top' ? '0 0 1em' : '0')};
`;

const More = styled.div`
  margin-top: ${({ theme }) => theme.space.md};
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  text-align: center;
`;

/** Most popular challenges shown. */
export const POPULAR_LIMIT = 6;
/** Past challenges shown per step. */
export const PAST_STEP = 6;

/**
 * The list's sections (issue 28.11), from GET /api/challenges: featured (curated, not ended), popular (most
 * participants, not ended, at least POPULAR_CHALLENGE_MIN_PARTICIPANTS), and past (ended, newest first).
 * New community challenges come paged from their own call (CommunitySection).
 */
export function splitChallenges(list: ChallengeSummary[], now: Date) {
  const live = list.filter((c) => timingOf(c, now) !== 'ended');
  const featured = live.filter((c) => c.featured);
  const popular = live
    .filter((c) => !c.featured && c.participantCount >= POPULAR_CHALLENGE_MIN_PARTICIPANTS)
    .sort((a, b) => b.participantCount - a.participantCount || b.id - a.id)
    .slice(0, POPULAR_LIMIT);
  const past = list.filter((c) => timingOf(c, now) === 'ended');
  return { featured, popular, past };
}

function Cards({ items, label, signedIn, now }: { items: ChallengeSummary[]; label: string; signedIn: boolean; now: Date }) {
  return (
    <CardList $min="300px" as="ul" aria-label={label}>
      {items.map((c) => (
        <CardItem key={c.id}>
          <ChallengeCard challenge={c} signedIn={signedIn} now={now} />
        </CardItem>
      ))}
    </CardList>
  );
}

function Block({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <Section aria-labelledby={`${id}-title`} data-testid={`section-${id}`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <Intro>{intro}</Intro>
      {children}
    </Section>
  );
}

/** New community challenges, newest first, a page at a time ("Show More"); the popular ones are not repeated. */
function CommunitySection({ userId, userKnown, exclude, signedIn, now }: { userId: number | null; userKnown: boolean; exclude: Set<number>; signedIn: boolean; now: Date }) {
  const q = useCommunityChallenges(userId, userKnown);
  const items = (q.data?.pages.flatMap((p) => p.challenges) ?? []).filter((c) => !exclude.has(c.id));
  let body: ReactNode;
  if (q.isPending) body = <Spinner label="Loading community challenges" />;
  else if (showsError(q))
    body = (
      <div role="alert">
        <Note $flush="top">Community challenges could not be loaded right now.</Note>
        <Button size="sm" variant="outline" onClick={() => void q.refetch()}>
          Try Again
        </Button>
      </div>
    );
  else if (items.length === 0 && !q.hasNextPage) body = <Note $flush="all">No new community challenges right now. Create one and invite others!</Note>;
  else
    body = (
      <>
        <Cards items={items} label="New community challenges" signedIn={signedIn} now={now} />
        {(q.hasNextPage || q.isFetchNextPageError) && (
          <More>
            <Button variant="outline" onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>
              Show More Community Challenges
            </Button>
            {/* Under the button it retries, centred with it. */}
            {q.isFetchNextPageError && <Note role="alert">More community challenges could not be loaded. Please try again.</Note>}
          </More>
        )}
      </>
    );
  return (
    <Block id="community" title="New from the community" intro="Challenges members created, newest first. See something wrong? Report it from its page.">
      {body}
    </Block>
  );
}

export function ChallengeSections({ list, userId, userKnown, signedIn, now }: { list: ChallengeSummary[]; userId: number | null; userKnown: boolean; signedIn: boolean; now: Date }) {
  const { featured, popular, past } = splitChallenges(list, now);
  const [pastShown, setPastShown] = useState(PAST_STEP);
  const exclude = new Set([...featured, ...popular].map((c) => c.id));
  return (
    <>
      {featured.length > 0 && (
        <Block id="featured" title="Featured" intro="Hand-picked by the FitConnect team.">
          <Cards items={featured} label="Featured challenges" signedIn={signedIn} now={now} />
        </Block>
      )}
      {popular.length > 0 && (
        <Block id="popular" title="Popular" intro="The challenges most people have joined.">
          <Cards items={popular} label="Popular challenges" signedIn={signedIn} now={now} />
        </Block>
      )}
      <CommunitySection userId={userId} userKnown={userKnown} exclude={exclude} signedIn={signedIn} now={now} />
      {past.length > 0 && (
        <Block id="past" title="Past challenges" intro="Ended: see how everyone did on the leaderboards.">
          <Cards items={past.slice(0, pastShown)} label="Past challenges" signedIn={signedIn} now={now} />
          {past.length > pastShown && (
            <More>
              <Button variant="outline" onClick={() => setPastShown((n) => n + PAST_STEP)}>
                Show More Past Challenges
              </Button>
            </More>
          )}
        </Block>
      )}
    </>
  );
}
