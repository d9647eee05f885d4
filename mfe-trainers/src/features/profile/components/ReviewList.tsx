import styled from 'styled-components';
import { Badge, Spinner, StarRating } from '@fitconnect/shared-ui';
import type { TrainerReview } from '@fitconnect/contracts';
import { CheckIcon } from '../../../lib/icons';
import { fullName } from '../../directory/lib/format';
import { formatReviewDate } from '../lib/date';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Item = styled.li`
  padding-bottom: ${({ theme }) => theme.space.md};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child {
    border-bottom: none;
    padding-bottom: 0;
  }
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: 6px;
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const When = styled.time`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  margin-left: auto;
`;

const Comment = styled.p`
  margin: 0;
  line-height: 1.6;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

export interface ReviewListProps {
  reviews: TrainerReview[] | undefined;
  isPending: boolean;
  isError: boolean;
}

/** Reviewer name, rating, comment, date and a 'Verified client' mark; 'Error loading reviews' on failure. */
export function ReviewList({ reviews, isPending, isError }: ReviewListProps) {
  if (isPending) return <Spinner label="Loading reviews" />;
  if (isError) return <ErrorText role="alert">Error loading reviews</ErrorText>;
  if (!reviews || reviews.length === 0) return <Muted>No reviews yet.</Muted>;
  return (
    <List aria-label="Reviews">
      {reviews.map((r) => (
        <Item key={r.id} data-testid="review">
          <Head>
            <h3>{fullName(r.user)}</h3>
            {r.verifiedClient && (
              <Badge tone="success" title="This reviewer has exchanged messages with the trainer">
                <CheckIcon size={12} /> Verified client
              </Badge>
            )}
            <When dateTime={r.createdAt}>{formatReviewDate(r.createdAt)}</When>
          </Head>
          <StarRating value={r.rating} size="sm" />
          {r.comment && <Comment>{r.comment}</Comment>}
        </Item>
      ))}
    </List>
  );
}
