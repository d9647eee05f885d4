export const COMMUNITY_TABS = [
  { id: 'feed', label: 'Community Feed' },
  { id: 'reviews', label: 'Community Reviews' },
  { id: 'feedback', label: 'Feedback' },
] as const;
export type CommunityTab = (typeof COMMUNITY_TABS)[number]['id'];

/** The tab a /community URL shows (?tab=reviews|feedback; anything else is the feed). */
export function parseTab(raw: string | null): CommunityTab {
  return COMMUNITY_TABS.some((t) => t.id === raw) ? (raw as CommunityTab) : 'feed';
}
