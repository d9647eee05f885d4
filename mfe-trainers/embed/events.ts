/**
 * The DOM events the element dispatches (issue 33), part of v1's contract: renaming one or removing a
 * `detail` field needs v2. Each is a CustomEvent on the <fitconnect-trainer-finder> element with
 * `bubbles: true, composed: true`, so a partner listens on the element, or on `document`:
 *
 *   document.addEventListener('fitconnect:search', (e) => console.log(e.target.id, e.detail.query, e.detail.resultCount));
 */
export interface FinderEventDetail {
  /** The first results (or the empty / error state) are on screen. Once per element. */
  'fitconnect:ready': { location: string; resultCount: number; error: boolean };
  /** A search's first page arrived: the element's own (on load or a changed attribute) or the visitor's. */
  'fitconnect:search': { query: string; resultCount: number; total: number | null; byVisitor: boolean };
  /** The visitor opened a trainer's profile (a new tab on FitConnect). */
  'fitconnect:trainer-view': { trainerId: number; name: string; url: string };
  /** The visitor clicked a trainer's Contact link (a new tab on FitConnect). */
  'fitconnect:contact-click': { trainerId: number; name: string; url: string };
}
export type FinderEventName = keyof FinderEventDetail;
export const FINDER_EVENTS = ['fitconnect:ready', 'fitconnect:search', 'fitconnect:trainer-view', 'fitconnect:contact-click'] as const;
