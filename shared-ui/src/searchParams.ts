import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router-dom';

/** Builds the next query from the latest one asked for (a copy: change it freely). */
export type SearchParamsUpdate = (latest: URLSearchParams) => URLSearchParams | string;

/**
 * react-router's useSearchParams, for pages that keep their filters in the URL, with a setter that builds each change
 * on the last query asked for rather than the one on screen.
 *
 * React Router commits a URL change in a transition. When two filters change before the page re-renders (a quick
 * second choice on a busy phone), a change built from the rendered query drops the one before it. Here the page passes
 * an update function and gets the latest requested query. A navigation from elsewhere (Back, a link) wins over changes
 * still on their way: the next change starts from what that URL shows.
 *
 * The query returned is also the latest one asked for, from the moment it is asked: React puts a controlled checkbox or
 * select back to its rendered value at the end of the event that changed it, so a filter control drawn from the query
 * on screen would flick back until the router's transition rendered the new URL (and a test reading it straight after
 * the click saw no change).
 */
export function useLatestSearchParams(): [URLSearchParams, (update: SearchParamsUpdate, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const shown = params.toString();
  const shownRef = useRef(shown);
  /** Queries asked for and not shown yet, after the one shown when the first of them was asked for. */
  const chain = useRef<string[] | null>(null);
  /** The last query asked for while it is on its way (set in the event that asked for it, so it renders at once). */
  const [asked, setAsked] = useState<string | null>(null);
  useLayoutEffect(() => {
    shownRef.current = shown;
    const c = chain.current;
    // Caught up with the last change, or moved somewhere none of them leads: nothing is on its way any more.
    if (c && (c[c.length - 1] === shown || !c.includes(shown))) {
      chain.current = null;
      setAsked(null);
    }
  }, [shown]);

  const set = useCallback(
    (update: SearchParamsUpdate, options?: NavigateOptions) => {
      const c = chain.current ?? [shownRef.current];
      const next = new URLSearchParams(update(new URLSearchParams(c[c.length - 1])));
      chain.current = [...c, next.toString()];
      setAsked(next.toString());
      setParams(next, options);
    },
    [setParams],
  );
  const latest = useMemo(() => (asked === null ? null : new URLSearchParams(asked)), [asked]);
  return [latest ?? params, set];
}
