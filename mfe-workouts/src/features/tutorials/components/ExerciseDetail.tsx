import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Badge, Button, Card, CardBody, EmptyState, LineIcon, PageContainer, Spinner, focusRing, isApiError, visuallyHidden } from '@fitconnect/shared-ui';
import type { ExerciseDetail as Exercise } from '@fitconnect/contracts';
import { SearchX } from 'lucide';
import { BackLink, NotFoundView, showsError } from '@fitconnect/shared-ui/patterns';
import { useExercise } from '../api/exercises';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { DIFFICULTY_TONE } from './difficulty';

const VideoFrame = styled.div`
  position: relative;
  width: 100%;
  aspect-ratio: 16 / 9;
  background: #000;
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  iframe {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
  }
`;

const Heading = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  &:focus {
    outline: none;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 180px), 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.md} 0;
  dt {
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 4px 0 0;
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
  }
`;

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space.lg};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  ol,
  ul {
    margin: 0;
    padding-left: 1.4em;
    display: flex;
    flex-direction: column;
    gap: 6px;
    line-height: 1.5;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  margin: ${({ theme }) => theme.space.sm} 0 ${({ theme }) => theme.space.md};
`;

const TextLink = styled.a`
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  text-decoration: underline;
  ${focusRing}
`;

const WatchLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 40px;
  padding: 0 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: 600;
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.colors.primaryHover};
  }
  ${focusRing}
`;

// Classes, not style attributes: a server-rendered page's style="" is refused by the CSP (issue 32).
const DetailCard = styled(Card)`
  margin-top: 12px;
`;

const WatchRow = styled.p`
  margin-top: 12px;
`;

const Description = styled.p`
  line-height: 1.6;
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const noSubscription = () => () => {};

/**
 * false on the server and while a server-rendered page hydrates, true after (and in any render in the browser
 * that is not a hydration): what the browser knows and the server does not (the history entry's state) is
 * rendered only once the page is the browser's (issue 32: the first render in the browser must be the server's).
 */
function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

/** /exercise-tutorials/:slug: one tutorial from the catalogue. */
export function ExerciseDetailPage() {
  const { slug = '' } = useParams();
  const query = useExercise(slug);
  const location = useLocation();
  // The list the user came from is in the history entry's state, which a reload keeps and the server never
  // sees: read after hydration, so a reloaded server-rendered page's links first render as the server's.
  const hydrated = useHydrated();
  const listSearch = hydrated ? (location.state as { listSearch?: string } | null)?.listSearch : undefined;
  useDocumentTitle(query.data ? query.data.name : 'Exercise Tutorials');

  // Back returns to the list the user came from (its filters and page); from a shared link, to the whole library.
  const backButton = <BackLink to={`/exercise-tutorials${listSearch ? `?${listSearch}` : ''}`}>Back to Exercises</BackLink>;

  if (query.isPending) return <PageContainer>{backButton}<Spinner label="Loading exercise" center /></PageContainer>;
  if (showsError(query) || !query.data) {
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <PageContainer>
        {backButton}
        {missing ? (
          <NotFoundView
            icon={<LineIcon icon={SearchX} size={32} strokeWidth={1.75} aria-hidden="true" focusable="false" />}
            title="Exercise not found"
            description="This exercise is not in the library."
            action={{ to: '/exercise-tutorials', label: 'Browse all exercises' }}
          />
        ) : (
          <EmptyState
            headingAs="h1"
            title="Could not load this exercise"
            description="Please check your connection and try again."
            action={<Button variant="outline" onClick={() => query.refetch()}>Try Again</Button>}
          />
        )}
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      {backButton}
      <ExerciseView exercise={query.data} listSearch={listSearch} />
    </PageContainer>
  );
}

function ExerciseView({ exercise, listSearch }: { exercise: Exercise; listSearch?: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Arriving from another page: focus on the exercise's heading, at the top. Not when this is the server's page
  // being hydrated: the visitor is already on it, and may have scrolled or tabbed before it was hydrated.
  const hydrating = useRef(typeof document !== 'undefined' && document.getElementById('root')?.hasAttribute('data-ssr') === true);
  useEffect(() => {
    if (hydrating.current) {
      hydrating.current = false;
      return;
    }
    headingRef.current?.focus({ preventScroll: true });
    if (window.scrollY > 0) window.scrollTo({ top: 0 });
  }, [exercise.slug]);
  return (
    <article aria-labelledby="tutorial-detail-heading">
      <DetailCard>
        <CardBody>
          <Heading id="tutorial-detail-heading" ref={headingRef} tabIndex={-1}>
            {exercise.name}
          </Heading>
          <Row>
            <Badge tone={DIFFICULTY_TONE[exercise.difficulty]}>{exercise.difficulty}</Badge>
            <Badge tone="info">{exercise.category}</Badge>
          </Row>
          {exercise.video.embedUrl && (
            <VideoFrame>
              <iframe
                src={exercise.video.embedUrl}
                title={`${exercise.name} video tutorial`}
                loading="lazy"
                allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
              />
            </VideoFrame>
          )}
          <WatchRow>
            <WatchLink href={exercise.video.searchUrl} target="_blank" rel="noopener noreferrer">
              Watch a demonstration<Hidden> (opens YouTube in a new tab)</Hidden>
              <span aria-hidden="true">↗</span>
            </WatchLink>
          </WatchRow>
          <Description>{exercise.description}</Description>
          <Facts>
            <div>
              <dt>Duration</dt>
              <dd>{exercise.duration}</dd>
            </div>
            <div>
              <dt>Category</dt>
              <dd>{exercise.category}</dd>
            </div>
            <div>
              <dt>Target Muscles</dt>
              <dd>
                {exercise.muscleGroups.map((m) => (
                  <Badge key={m}>{m}</Badge>
                ))}
              </dd>
            </div>
            <div>
              <dt>Equipment</dt>
              <dd>{exercise.equipment.join(', ')}</dd>
            </div>
          </Facts>
          <Section aria-labelledby="tutorial-instructions">
            <h2 id="tutorial-instructions">Instructions</h2>
            <ol>
              {exercise.instructions.map((step, i) => (
                <li key={i}>{step}</li>
              ))}
            </ol>
          </Section>
          <Section aria-labelledby="tutorial-tips">
            <h2 id="tutorial-tips">Pro Tips</h2>
            <ul>
              {exercise.tips.map((tip, i) => (
                <li key={i}>{tip}</li>
              ))}
            </ul>
          </Section>
          {exercise.saferAlternatives.length > 0 && (
            <Section aria-labelledby="tutorial-alternatives">
              <h2 id="tutorial-alternatives">Safer Alternatives</h2>
              <ul>
                {exercise.saferAlternatives.map((a) => (
                  <li key={a.injury}>
                    {capitalise(a.injury)} injury:{' '}
                    {a.exercises.map((x, i) => (
                      <span key={x.slug}>
                        {i > 0 && ', '}
                        <TextLink as={Link} to={`/exercise-tutorials/${x.slug}`} state={listSearch !== undefined ? { listSearch } : undefined}>
                          {x.name}
                        </TextLink>
                      </span>
                    ))}
                  </li>
                ))}
              </ul>
            </Section>
          )}
        </CardBody>
      </DetailCard>
    </article>
  );
}
