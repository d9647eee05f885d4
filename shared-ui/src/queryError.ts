import { isApiError } from '@fitconnect/shared-ui';

/**
 * Whether a page shows its error view for a query: when it has nothing to show, or when the server refused it
 * (a 4xx answer: the item is gone, not yours, the id is wrong). A refetch that failed for the connection or a
 * server fault keeps the last answer on screen: react-query keeps a query's data through a failed refetch, and a
 * browser can say it is online while its network fails (a captive portal, a weak signal), so a page opened offline
 * (or left open) would otherwise turn into "could not be loaded" or "not found" a few seconds later, when its
 * background refetch gave up. Every area's pages decide it here (from '@fitconnect/shared-ui/patterns').
 */
export function showsError(query: { isError: boolean; data: unknown; error: unknown }): boolean {
  if (!query.isError) return false;
  if (query.data === undefined) return true;
  return isApiError(query.error) && query.error.status >= 400 && query.error.status < 500;
}
