// The clock and time zone a page renders with (issue 32 stage 2, docs/ssr.md). A server-rendered challenges page
// is hydrated in the browser, whose first render must be the server's: "Active Now", "3 days left" and the
// dates must come out the same on both sides, though the browser renders seconds later and in the visitor's
// time zone. So while a page is rendered on the server or hydrated:
//  - "now" is the server's render time, which the area's prefetch (src/server.tsx) puts into the page's query
//    client under RENDER_NOW_KEY (and so into the answers the page carries to the browser);
//  - dates are shown in UTC (the server's zone is not the visitor's).
// Right after hydration (and in every page rendered in the browser alone) it is the browser's own clock and zone.
import { useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/** The server's render time (ms since the epoch), as the page's answers carry it. */
export const RENDER_NOW_KEY = ['challenges:render-now'] as const;

const noSubscription = () => () => {};

/** True on the server and in the browser's first render of a server-rendered page (hydration); false after. */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/** The time a page computes timing states and days left from: the server's while hydrating, else the clock's. */
export function useRenderNow(): Date {
  const hydrating = useHydrating();
  const queryClient = useQueryClient();
  const at = hydrating ? queryClient.getQueryData<number>(RENDER_NOW_KEY) : undefined;
  return typeof at === 'number' ? new Date(at) : new Date();
}

/** The zone dates are shown in: UTC while hydrating, the browser's own (undefined) after. */
export function useDateTimeZone(): string | undefined {
  return useHydrating() ? 'UTC' : undefined;
}
