import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  apiErrorMessage,
  Banner,
  Button,
  EmptyState,
  isApiError,
  Spinner,
  toast,
  useCurrentUser,
} from '@fitconnect/shared-ui';
import { Select, useLatestSearchParams } from '@fitconnect/shared-ui/forms';
import { Dialog } from '@fitconnect/shared-ui/widgets';
import { showsError } from '@fitconnect/shared-ui/patterns';
import {
  COMMUNITY_REVIEW_FILTER_LABELS,
  COMMUNITY_REVIEW_FILTERS,
  COMMUNITY_REVIEW_SORT_LABELS,
  COMMUNITY_REVIEW_SORTS,
  type CommunityReview,
  type CommunityReviewFilter,
  type CommunityReviewSort,
} from '@fitconnect/contracts/community';
import { useCreateReview } from '../api/create-review';
import { useReviews } from '../api/get-reviews';
import { useMarkHelpful } from '../api/mark-helpful';
import { useReportReview } from '../api/report-review';
import { filterByCategory, parseCategory, parseSort } from '../lib/filter';
import { useNow } from '../../../lib/relativeTime';
import { ReportDialog } from './ReportDialog';
import { ReviewCard } from './ReviewCard';
import { ReviewForm } from './ReviewForm';

/** SPEC §9: a signed-out helpful click goes to /signin after 1.5 seconds. */
export const SIGN_IN_REDIRECT_MS = 1500;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Filters = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 240px));
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const List = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space.lg};
`;

const ErrorText = styled.p`
  margin: 0 0 8px;
`;

const is401 = (err: unknown) => err instanceof Error && err.message.startsWith('401:') && err.message.includes('Unauthorized');

/** The Community Reviews tab (SPEC §2): filter, sort, count heading, list, Write Review, helpful votes, reports. */
export function ReviewsTab() {
  const [params, setParams] = useLatestSearchParams();
  const category = parseCategory(params.get('category'));
  const sort = parseSort(params.get('sort'));
  const navigate = useNavigate();
  const { user, isSignedIn, isLoading: userLoading } = useCurrentUser();
  const reviews = useReviews(category, sort, user?.id ?? null, !userLoading);
  const [writing, setWriting] = useState(false);
  const [reporting, setReporting] = useState<CommunityReview | null>(null);
  const [pendingHelpful, setPendingHelpful] = useState<number | null>(null);
  const now = useNow();
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  const sendToSignIn = () => {
    if (redirectTimer.current) clearTimeout(redirectTimer.current);
    redirectTimer.current = setTimeout(() => navigate('/signin'), SIGN_IN_REDIRECT_MS);
  };

  // Built on the latest query asked for, so a quick sort change right after a category change keeps both.
  const setParam = (key: 'category' | 'sort', value: string, fallback: string) =>
    setParams(
      (next) => {
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const create = useCreateReview({
    onSuccess: () => {
      setWriting(false);
      toast({ title: 'Review Submitted', description: 'Thank you for sharing your experience with the community.', variant: 'success' });
    },
    onError: () => toast({ title: 'Error', description: 'Failed to submit review. Please try again.', variant: 'destructive' }),
  });

  const helpful = useMarkHelpful({
    onSuccess: () => toast({ title: 'Thanks!', description: 'Your feedback helps others find useful reviews.', variant: 'success' }),
    onError: (err) => {
      if (is401(err)) {
        toast({ title: 'Please Sign In', description: 'You need to be logged in to mark reviews as helpful.', variant: 'destructive' });
        sendToSignIn();
        return;
      }
      toast({ title: 'Error', description: apiErrorMessage(err, 'Failed to mark review as helpful.'), variant: 'destructive' });
    },
  });

  const report = useReportReview({
    onSuccess: () => {
      setReporting(null);
      toast({ title: 'Report received', description: 'Thank you. A moderator will take a look at this review.', variant: 'success' });
    },
    onError: (err) => {
      setReporting(null);
      if (is401(err)) {
        toast({ title: 'Please Sign In', description: 'You need to be logged in to report reviews.', variant: 'destructive' });
        sendToSignIn();
        return;
      }
      const already = isApiError(err, 409);
      toast({
        title: already ? 'Already reported' : 'Error',
        description: apiErrorMessage(err, 'Failed to report the review. Please try again.'),
        variant: already ? 'default' : 'destructive',
      });
    },
  });

  const onHelpful = (r: CommunityReview) => {
    setPendingHelpful(r.id);
    helpful.mutate(r.id, { onSettled: () => setPendingHelpful(null) });
  };

  const onReport = (r: CommunityReview) => {
    if (!isSignedIn) {
      toast({ title: 'Please Sign In', description: 'You need to be logged in to report reviews.', variant: 'destructive' });
      sendToSignIn();
      return;
    }
    setReporting(r);
  };

  const pages = reviews.data?.pages ?? [];
  const list = filterByCategory(
    pages.flatMap((p) => p.reviews),
    category,
  );
  const total = pages[0]?.total ?? list.length;
  const loading = userLoading || reviews.isPending;

  return (
    <div>
      <Header>
        <Heading id="community-reviews-heading">
          {loading ? 'Community Reviews' : `Community Reviews (${total})`}
        </Heading>
        {isSignedIn ? (
          <Button onClick={() => setWriting(true)}>Write Review</Button>
        ) : (
          <Button variant="outline" onClick={() => navigate('/signin')} disabled={userLoading}>
            Sign In to Review
          </Button>
        )}
      </Header>

      <Filters>
        <Select
          label="Category"
          value={category}
          options={COMMUNITY_REVIEW_FILTERS.map((c) => ({ value: c, label: COMMUNITY_REVIEW_FILTER_LABELS[c] }))}
          onChange={(e) => setParam('category', e.target.value as CommunityReviewFilter, 'all')}
        />
        <Select
          label="Sort by"
          value={sort}
          options={COMMUNITY_REVIEW_SORTS.map((s) => ({ value: s, label: COMMUNITY_REVIEW_SORT_LABELS[s] }))}
          onChange={(e) => setParam('sort', e.target.value as CommunityReviewSort, 'newest')}
        />
      </Filters>

      {loading ? (
        <Spinner label="Loading reviews" center />
      ) : showsError(reviews) ? (
        <Banner tone="danger" title="Error loading reviews">
          <ErrorText>The reviews could not be loaded.</ErrorText>
          <Button size="sm" variant="outline" onClick={() => void reviews.refetch()}>
            Try again
          </Button>
        </Banner>
      ) : list.length === 0 ? (
        <EmptyState
          headingAs="h3"
          title="No reviews found"
          description="No reviews found for this category. Be the first to share your experience!"
          action={
            isSignedIn ? (
              <Button onClick={() => setWriting(true)}>Write Review</Button>
            ) : (
              <Button variant="outline" onClick={() => navigate('/signin')}>
                Sign In to Review
              </Button>
            )
          }
        />
      ) : (
        <>
          <List aria-labelledby="community-reviews-heading" role="list">
            {list.map((r) => (
              <div role="listitem" key={r.id}>
                <ReviewCard review={r} now={now} onHelpful={onHelpful} onReport={onReport} helpfulPending={pendingHelpful === r.id} />
              </div>
            ))}
          </List>
          {reviews.hasNextPage && (
            <More>
              <Button variant="outline" onClick={() => void reviews.fetchNextPage()} loading={reviews.isFetchingNextPage}>
                Load more
              </Button>
            </More>
          )}
          {reviews.isFetchNextPageError && (
            <Banner tone="danger" title="Error loading reviews">
              More reviews could not be loaded. Please try again.
            </Banner>
          )}
        </>
      )}

      <Dialog
        open={writing}
        onClose={() => {
          if (!create.isPending) setWriting(false);
        }}
        title="Write a Community Review"
        description="Share your experience with FitConnect to help other members."
      >
        <ReviewForm
          onSubmit={(body) => create.mutate(body)}
          onCancel={() => setWriting(false)}
          pending={create.isPending}
          initialCategory={category === 'all' ? undefined : category}
        />
      </Dialog>
      <ReportDialog
        key={reporting?.id ?? 'none'}
        review={reporting}
        onClose={() => setReporting(null)}
        onSubmit={(id, reason) => report.mutate({ id, reason })}
        pending={report.isPending}
      />
    </div>
  );
}
