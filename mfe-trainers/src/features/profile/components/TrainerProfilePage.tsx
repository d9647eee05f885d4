import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { parseRouteId } from '@fitconnect/contracts/trainers';
import {
  Badge,
  Button,
  Card,
  CardBody,
  PageContainer,
  Spinner,
  Stack,
  StarRating,
  isApiError,
  signInPath,
  useCurrentUser,
  useToast,
} from '@fitconnect/shared-ui';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { PersonIcon, PinIcon, VideoIcon } from '../../../lib/icons';
import { BackLink, showsError } from '@fitconnect/shared-ui/patterns';
import { TrainerAvatar } from '../../directory/components/TrainerAvatar';
import { formatPrice, formatRating, formatReviewCount, fullName } from '../../directory/lib/format';
import { useTrainer } from '../api/get-trainer';
import { useTrainerReviews } from '../api/get-trainer-reviews';
import { slotsQueryOptions } from '../../bookings/api/get-slots';
import { cleanHandle, instagramUrl, safeWebsite, twitterUrl } from '../lib/social';
import { ReviewForm } from './ReviewForm';
import { ReviewList } from './ReviewList';
import { TrainerNotFound } from './TrainerNotFound';
import { useSignInRedirect } from '../lib/useSignInRedirect';

// The booking panel (slots, date tabs, the booking form) is its own chunk: it stays off the area's first visit
// (the directory), whose JavaScript budget it would otherwise count against. The profile page starts it, and
// the first page of free times, together with the profile itself, and shows the whole page at once when all
// have arrived (issue 35.2: nothing above About or Reviews arrives late and pushes them down).
type BookingPanelType = ComponentType<{ trainerId: number; trainerName: string }>;
let bookingPanel: BookingPanelType | null = null;
let bookingPanelLoad: Promise<BookingPanelType> | null = null;
function loadBookingPanel(): Promise<BookingPanelType> {
  bookingPanelLoad ??= import('../../bookings/components/BookingPanel').then(
    (m) => (bookingPanel = m.BookingPanel),
    (err: unknown) => {
      bookingPanelLoad = null; // the next visit tries again
      throw err;
    },
  );
  return bookingPanelLoad;
}

/** Loads the booking panel's chunk ahead of a render (the server render, issue 32: mfe-trainers/src/server.tsx). */
export function preloadBookingPanel(): Promise<unknown> {
  return loadBookingPanel();
}

/** The booking panel's component once its chunk is in ('failed' when it could not be loaded). */
function useBookingPanel(): BookingPanelType | 'failed' | null {
  const [panel, setPanel] = useState<BookingPanelType | 'failed' | null>(() => bookingPanel);
  useEffect(() => {
    if (panel) return;
    let live = true;
    loadBookingPanel().then(
      (c) => live && setPanel(() => c),
      () => live && setPanel('failed'),
    );
    return () => {
      live = false;
    };
  }, [panel]);
  return panel;
}

/** A query has answered, or failed once (a failing query does not hold the page through its retries). */
const answered = (q: { isPending: boolean; failureCount: number }) => !q.isPending || q.failureCount > 0;


const Header = styled.section`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.lg};
  align-items: center;
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space.md};
    gap: ${({ theme }) => theme.space.md};
  }
`;

const HeaderText = styled.div`
  flex: 1 1 260px;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 6px;
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    line-height: 1.2;
    overflow-wrap: anywhere;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    h1 {
      font-size: ${({ theme }) => theme.fontSizes.xl};
    }
  }
`;

const Specialization = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
`;

const Meta = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  color: ${({ theme }) => theme.colors.textMuted};
  strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    width: 100%;
  }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const H2 = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const H3 = styled.h3`
  margin: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

// Classes, not style attributes: the server-rendered profile's style="" would be refused by the CSP.
const ReviewsTitle = styled(H2)`
  margin: 0;
`;

const ReviewFormTitle = styled(H3)`
  margin-top: 0;
`;

const Text = styled.p`
  margin: 0;
  line-height: 1.6;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Tags = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

const Bullets = styled.ul`
  margin: 0;
  padding-left: 1.2em;
  line-height: 1.6;
`;

const Facts = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 8px 12px;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 600;
    text-align: right;
    overflow-wrap: anywhere;
  }
`;

const Links = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 6px;
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const ReviewBox = styled.section`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** /trainers/:id (SPEC §2): the whole public profile, contact or edit, the review form and the reviews. */
export function TrainerProfilePage() {
  const params = useParams();
  const id = parseRouteId(params.id);
  const query = useTrainer(id);
  // Reviews and the first page of free times load alongside the profile (the route's id is the trainer's).
  const reviews = useTrainerReviews(id);
  const { user, isSignedIn, isLoading: userLoading } = useCurrentUser();
  const Panel = useBookingPanel();
  // The owner gets no panel: a trainer's free times wait until the profile says whose it is.
  const visitor = !userLoading && (!user?.isTrainer || (!!query.data && query.data.userId !== user.id));
  const slots = useQuery({ ...slotsQueryOptions(id ?? 0, '', ''), enabled: id !== null && id > 0 && visitor });
  // Once shown, the page stays: a later refetch (the panel's own, a retry) never brings the spinner back.
  const shown = useRef<number | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const { toast } = useToast();
  const sendToSignIn = useSignInRedirect();
  const trainer = query.data;
  useDocumentTitle(trainer ? `${fullName(trainer.user)}, ${trainer.specialization}` : 'Trainer Profile');

  if (id === null) return <TrainerNotFound />;
  if (query.isPending) return <Spinner label="Loading trainer profile" center />;
  if (showsError(query) || !trainer) return <TrainerNotFound failed={!isApiError(query.error, 404) && !isApiError(query.error, 400)} />;

  const name = fullName(trainer.user);
  const isOwner = !!user && user.id === trainer.userId;
  // The whole page at once: the reviews, and for a visitor the booking panel with its free times.
  if (shown.current !== id && (!answered(reviews) || (!isOwner && (!Panel || !answered(slots))))) return <Spinner label="Loading trainer profile" center />;
  shown.current = id;
  const ownReview = user ? (reviews.data ?? []).find((r) => r.user.id === user.id) ?? null : null;

  const contact = () => {
    if (!isSignedIn) {
      toast({ title: 'Sign in required', description: 'Please sign in to contact trainers' });
      // The toast says why; then on to sign-in, which returns here (as the signed-out Helpful mark does).
      sendToSignIn();
      return;
    }
    if (!trainer.userId) {
      toast({ title: 'Error sending message', description: 'Trainer information not available', variant: 'destructive' });
      return;
    }
    navigate(`/messages/${trainer.userId}`);
  };

  const instagram = cleanHandle(trainer.instagramHandle);
  const twitter = cleanHandle(trainer.twitterHandle);
  const website = safeWebsite(trainer.websiteUrl);

  return (
    <PageContainer>
      <BackLink to="/trainers">All trainers</BackLink>
      <Stack $gap="lg">
        <Header aria-labelledby="trainer-name">
          <TrainerAvatar firstName={trainer.user.firstName} lastName={trainer.user.lastName} src={trainer.profileImage} size={112} alt={`Photo of ${name}`} />
          <HeaderText>
            <h1 id="trainer-name">{name}</h1>
            <Specialization>{trainer.specialization}</Specialization>
            {trainer.user.location && (
              <Meta>
                <PinIcon size={16} /> {trainer.user.location}
              </Meta>
            )}
            <Meta data-testid="trainer-rating">
              <StarRating value={trainer.rating} />
              {trainer.reviewCount > 0 && <strong>{formatRating(trainer.rating)}</strong>}
              <span>({formatReviewCount(trainer.reviewCount)})</span>
            </Meta>
          </HeaderText>
          <Actions>
            {isOwner ? (
              <>
                <Button as={Link} to={`/trainer-profile/${trainer.id}/edit`} size="lg">
                  Edit Trainer Profile
                </Button>
                <Button as={Link} to="/trainers/me/schedule" size="lg" variant="outline">
                  My Schedule
                </Button>
              </>
            ) : (
              <Button size="lg" onClick={contact}>
                Contact Trainer
              </Button>
            )}
          </Actions>
        </Header>

        <Columns>
          <Stack $gap="lg">
            {!isOwner && Panel === 'failed' && (
              <Card as="section" aria-labelledby="book-title" data-testid="booking-panel">
                <CardBody role="alert">
                  <H2 id="book-title">Book a session</H2>
                  <Muted>Free times could not be loaded right now. Please reload the page to try again.</Muted>
                </CardBody>
              </Card>
            )}
            {!isOwner && Panel && Panel !== 'failed' && <Panel trainerId={trainer.id} trainerName={trainer.user.firstName} />}
            <Card as="section" aria-labelledby="about-title">
              <CardBody>
                <H2 id="about-title">About {trainer.user.firstName}</H2>
                <Text>{trainer.description || 'No description yet.'}</Text>
                <H3>Specialties</H3>
                {trainer.specialties.length ? (
                  <Tags aria-label="Specialties">
                    {trainer.specialties.map((s) => (
                      <li key={s}>
                        <Badge tone="info">{s}</Badge>
                      </li>
                    ))}
                  </Tags>
                ) : (
                  <Muted>None listed.</Muted>
                )}
                <H3>Certifications</H3>
                {trainer.certifications.length ? (
                  <Bullets>
                    {trainer.certifications.map((c) => (
                      <li key={c}>{c}</li>
                    ))}
                  </Bullets>
                ) : (
                  <Muted>None listed.</Muted>
                )}
                <H3>Education</H3>
                {trainer.education ? <Text>{trainer.education}</Text> : <Muted>Not listed.</Muted>}
              </CardBody>
            </Card>

            <Card as="section" aria-labelledby="reviews-title">
              <CardBody>
                <Stack $gap="md">
                  <ReviewsTitle id="reviews-title">
                    Reviews{reviews.data ? ` (${reviews.data.length})` : ''}
                  </ReviewsTitle>
                  {!isOwner && isSignedIn && user && (
                    <ReviewBox aria-labelledby="write-review-title">
                      <ReviewFormTitle id="write-review-title">
                        {ownReview ? 'Your review' : 'Write a review'}
                      </ReviewFormTitle>
                      <ReviewForm trainerId={trainer.id} userId={user.id} trainerName={trainer.user.firstName} existing={ownReview} />
                    </ReviewBox>
                  )}
                  {!isOwner && !isSignedIn && (
                    <Muted>
                      <Link to={signInPath(location.pathname)}>Sign in</Link> to write a review.
                    </Muted>
                  )}
                  <ReviewList reviews={reviews.data} isPending={reviews.isPending} isError={showsError(reviews)} />
                </Stack>
              </CardBody>
            </Card>
          </Stack>

          <Stack $gap="lg">
            <Card as="section" aria-labelledby="session-title">
              <CardBody>
                <H2 id="session-title">Sessions</H2>
                <Facts>
                  <dt>Price</dt>
                  <dd data-testid="profile-price">{formatPrice(trainer.sessionPrice)}</dd>
                  <dt>Experience</dt>
                  <dd>
                    {trainer.yearsOfExperience} {trainer.yearsOfExperience === 1 ? 'year' : 'years'}
                  </dd>
                  <dt>
                    <VideoIcon size={14} /> Online
                  </dt>
                  <dd>{trainer.availableOnline ? 'Available' : 'Not offered'}</dd>
                  <dt>
                    <PersonIcon size={14} /> In person
                  </dt>
                  <dd>{trainer.availableInPerson ? 'Available' : 'Not offered'}</dd>
                </Facts>
              </CardBody>
            </Card>
            {(instagram || twitter || website) && (
              <Card as="section" aria-labelledby="links-title">
                <CardBody>
                  <H2 id="links-title">Find {trainer.user.firstName} online</H2>
                  <Links>
                    {instagram && (
                      <li>
                        Instagram:{' '}
                        <a href={instagramUrl(instagram)} target="_blank" rel="noopener noreferrer">
                          @{instagram}
                        </a>
                      </li>
                    )}
                    {twitter && (
                      <li>
                        X (Twitter):{' '}
                        <a href={twitterUrl(twitter)} target="_blank" rel="noopener noreferrer">
                          @{twitter}
                        </a>
                      </li>
                    )}
                    {website && (
                      <li>
                        Website:{' '}
                        <a href={website.href} target="_blank" rel="noopener noreferrer">
                          {website.label}
                        </a>
                      </li>
                    )}
                  </Links>
                </CardBody>
              </Card>
            )}
          </Stack>
        </Columns>
      </Stack>
    </PageContainer>
  );
}

export default TrainerProfilePage;
