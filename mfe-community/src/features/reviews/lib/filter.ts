import {
  COMMUNITY_REVIEW_FILTERS,
  COMMUNITY_REVIEW_SORTS,
  type CommunityReview,
  type CommunityReviewFilter,
  type CommunityReviewSort,
} from '@fitconnect/contracts/community';

/** SPEC §7: the server filters by category, and the list is filtered by category on the client too. */
export function filterByCategory(reviews: CommunityReview[], category: CommunityReviewFilter): CommunityReview[] {
  return category === 'all' ? reviews : reviews.filter((r) => r.category === category);
}

/** A category from the URL, or 'all' for anything unknown. */
export function parseCategory(raw: string | null): CommunityReviewFilter {
  return (COMMUNITY_REVIEW_FILTERS as readonly string[]).includes(raw ?? '') ? (raw as CommunityReviewFilter) : 'all';
}

export function parseSort(raw: string | null): CommunityReviewSort {
  return (COMMUNITY_REVIEW_SORTS as readonly string[]).includes(raw ?? '') ? (raw as CommunityReviewSort) : 'newest';
}

/** Who the card names: the author, or 'Anonymous User' when anonymous or without an account (SPEC §2). */
export function authorName(r: Pick<CommunityReview, 'isAnonymous' | 'user'>): { name: string; anonymous: boolean } {
  if (r.isAnonymous || !r.user) return { name: 'Anonymous User', anonymous: true };
  const name = `${r.user.firstName} ${r.user.lastName}`.trim() || r.user.username;
  return { name, anonymous: false };
}

/** The page of reviews after a helpful vote: that review's count and pressed state updated. */
export function applyHelpful(reviews: CommunityReview[], id: number, helpful: number, votedHelpful: boolean): CommunityReview[] {
  return reviews.map((r) => (r.id === id ? { ...r, helpful, votedHelpful } : r));
}
