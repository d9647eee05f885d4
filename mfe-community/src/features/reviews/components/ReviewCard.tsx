import { useId } from 'react';
import styled from 'styled-components';
import { Badge, Button, Card, CardBody, StarRating } from '@fitconnect/shared-ui';
import { COMMUNITY_REVIEW_CATEGORY_LABELS, type CommunityReview } from '@fitconnect/contracts/community';
import { formatFullDate, formatRelativeTime } from '../../../lib/relativeTime';
import { authorName } from '../lib/filter';
import { Avatar } from '@fitconnect/shared-ui/patterns';

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Who = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
`;


const Name = styled.p`
  margin: 0;
  font-weight: 700;
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Stars = styled.div`
  margin-top: 12px;
`;

const Title = styled.h3`
  margin: ${({ theme }) => `${theme.space.sm} 0 4px`};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  overflow-wrap: anywhere;
`;

const Comment = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  line-height: 1.55;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
`;

function ThumbIcon({ filled = false }: { filled?: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 10v11H3V10h4zm2 11h8.3a2 2 0 0 0 2-1.6l1.5-7A2 2 0 0 0 18.8 10H14l.9-4.3a1.5 1.5 0 0 0-2.7-1.2L9 10v11z" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}

export interface ReviewCardProps {
  review: CommunityReview;
  now?: number;
  onHelpful: (review: CommunityReview) => void;
  onReport: (review: CommunityReview) => void;
  helpfulPending?: boolean;
}

/** One community review (SPEC §2): author or 'Anonymous User', category, date, stars, title, comment, Helpful (N), Report. */
export function ReviewCard({ review, now = Date.now(), onHelpful, onReport, helpfulPending = false }: ReviewCardProps) {
  const titleId = useId();
  const { name, anonymous } = authorName(review);
  const initials = anonymous
    ? '?'
    : name
        .split(/\s+/)
        .map((p) => p[0])
        .join('')
        .slice(0, 2)
        .toUpperCase();
  return (
    <Card as="article" aria-labelledby={titleId} data-testid="community-review" data-review-id={review.id}>
      <CardBody>
        <Top>
          <Who>
            <Avatar firstName="" lastName="" label={initials} muted={anonymous} size={40} />
            <div>
              <Name data-testid="review-author">{name}</Name>
              {anonymous && <Muted>Shared anonymously</Muted>}
            </div>
          </Who>
          <Meta>
            {review.isMine && <Badge tone="success">Your review</Badge>}
            <Badge tone="info" data-testid="review-category">
              {COMMUNITY_REVIEW_CATEGORY_LABELS[review.category] ?? review.category}
            </Badge>
            <Muted as="span">
              <time dateTime={review.createdAt} title={formatFullDate(review.createdAt)}>
                {formatRelativeTime(review.createdAt, now)}
              </time>
            </Muted>
          </Meta>
        </Top>
        <Stars>
          <StarRating value={review.rating} size="sm" />
        </Stars>
        <Title id={titleId}>{review.title}</Title>
        <Comment>{review.comment}</Comment>
        <Actions>
          {review.isMine ? (
            // Your own review: the count, with nothing to press.
            <Muted as="span" data-testid="helpful-count">
              <ThumbIcon />
              Helpful ({review.helpful})
            </Muted>
          ) : (
            <Button
              // Once marked it looks marked (filled, the new count) rather than greyed out; it stays focusable
              // so aria-pressed is read out, and pressing it again does nothing (a vote counts once).
              variant={review.votedHelpful ? 'primary' : 'outline'}
              size="sm"
              aria-pressed={review.votedHelpful}
              disabled={helpfulPending}
              title={review.votedHelpful ? 'You marked this review as helpful' : undefined}
              onClick={() => {
                if (!review.votedHelpful) onHelpful(review);
              }}
            >
              <ThumbIcon filled={review.votedHelpful} />
              Helpful ({review.helpful})
            </Button>
          )}
          {!review.isMine && (
            <Button variant="ghost" size="sm" onClick={() => onReport(review)} aria-label={`Report review: ${review.title}`}>
              Report
            </Button>
          )}
        </Actions>
      </CardBody>
    </Card>
  );
}
