// A server-rendered page's data (issue 32 stage 2, docs/ssr.md): the shell's static server renders a public
// page with the area's queries already answered and puts them in the page (react-query's dehydrated state);
// the shell's bootstrap puts them into the page's query client before hydrateRoot and notes them here.
//
// Queries that refetch on every mount (`refetchOnMount: 'always'`: a trainer's profile, reviews and free times
// are shown as they are now each time the page opens) would fetch again the very answers the page came with.
// `alwaysUnlessJustHydrated` is their refetchOnMount: 'always', except within SSR_FRESH_MS of the hydration of
// that query (the page's first mount, and a quick back-and-forth after it).

/** How long a server-rendered answer counts as "just fetched" in the browser (ms). */
export const SSR_FRESH_MS = 10_000;

const hydratedAt = new Map<string, number>();

/** The shell's bootstrap: these queries (by queryHash) came with the page at `now`. */
export function noteHydratedQueries(queryHashes: readonly string[], now: number = Date.now()): void {
  for (const hash of queryHashes) hydratedAt.set(hash, now);
}

/** refetchOnMount: 'always', but not for a query the page brought with it less than SSR_FRESH_MS ago. */
export function alwaysUnlessJustHydrated(query: { queryHash: string }): boolean | 'always' {
  const at = hydratedAt.get(query.queryHash);
  if (at !== undefined && Date.now() - at < SSR_FRESH_MS) return false;
  return 'always';
}
