import type { CommunityReview as PublicReview } from '@fitconnect/contracts';
import type { UserFields } from '../users/model';
import type { CommunityReviewFields } from './model';

type Stored = Pick<CommunityReviewFields, 'id' | 'userId' | 'category' | 'rating' | 'title' | 'comment' | 'helpful' | 'isAnonymous' | 'createdAt'>;
export type Author = Pick<UserFields, 'firstName' | 'lastName' | 'username'>;

/** Does the public ever see who wrote it? Not when it is anonymous or has no account behind it. */
export const showsAuthor = (r: Pick<CommunityReviewFields, 'isAnonymous' | 'userId'>) => !r.isAnonymous && r.userId !== null;

/**
 * A review as the outside sees it (SPEC §3). An anonymous review carries nothing that names its author:
 * no user id, no username, `user: null`, for everyone (the author included; `isMine` tells the author it
 * is theirs). `isMine` and `votedHelpful` are about the person asking and name nobody.
 */
export function presentReview(r: Stored, opts: { author?: Author | null; viewerId?: number | null; voted?: boolean }): PublicReview {
  const author = showsAuthor(r) ? (opts.author ?? null) : null;
  return {
    id: r.id,
    category: r.category,
    rating: r.rating,
    title: r.title,
    comment: r.comment,
    helpful: r.helpful,
    isAnonymous: r.isAnonymous,
    createdAt: new Date(r.createdAt).toISOString(),
    user: author ? { firstName: author.firstName, lastName: author.lastName, username: author.username } : null,
    isMine: opts.viewerId != null && r.userId !== null && r.userId === opts.viewerId,
    votedHelpful: Boolean(opts.voted),
  };
}
