import type { z } from 'zod/mini';
import {
  TrainerListQuery,
  trainerListSearchParams,
  TRAINER_PAGE_SIZE,
  type TrainerSort,
} from '@fitconnect/contracts/trainers';

/**
 * The directory's search: the same parameters in the page URL (a search is a shareable link) and in
 * GET /api/trainers. `page` is how many pages are shown (1-based): 'View More Trainers' adds one.
 */
export interface DirectoryQuery {
  location: string;
  online: boolean;
  inPerson: boolean;
  maxPrice: number | null;
  specialty: string;
  minRating: number | null;
  /** null = the server's default (distance when a location resolves, otherwise rating). */
  sort: TrainerSort | null;
  page: number;
}

export const PAGE_SIZE = TRAINER_PAGE_SIZE;
/** A shared link cannot ask for more than this many pages at once. */
export const MAX_PAGES = 20;

export const EMPTY_QUERY: DirectoryQuery = {
  location: '',
  online: false,
  inPerson: false,
  maxPrice: null,
  specialty: '',
  minRating: null,
  sort: null,
  page: 1,
};

const fields = TrainerListQuery.shape;

/** A link can carry anything: each parameter is checked on its own (contract schema), a bad one is dropped. */
function pick<S extends z.ZodMiniType>(schema: S, raw: string | null): Exclude<z.output<S>, undefined> | null {
  const r = schema.safeParse(raw ?? undefined);
  return r.success && r.data !== undefined ? (r.data as Exclude<z.output<S>, undefined>) : null;
}

export function parseDirectoryQuery(params: URLSearchParams): DirectoryQuery {
  const location = pick(fields.location, params.get('location')) ?? '';
  const sort = pick(fields.sort, params.get('sort'));
  const page = pick(fields.page, params.get('page')) ?? 1;
  return {
    location,
    online: pick(fields.online, params.get('online')) === true,
    inPerson: pick(fields.inPerson, params.get('inPerson')) === true,
    maxPrice: pick(fields.maxPrice, params.get('maxPrice')),
    specialty: pick(fields.specialty, params.get('specialty')) ?? '',
    minRating: pick(fields.minRating, params.get('minRating')),
    // Sorting by distance needs a place.
    sort: sort === 'distance' && !location ? null : sort,
    page: Math.min(MAX_PAGES, page),
  };
}

/** The search as URL parameters (the contract's builder: defaults left out); `page` only when above 1. */
export function directoryParams(q: DirectoryQuery, opts: { page?: boolean } = {}): URLSearchParams {
  return trainerListSearchParams({
    location: q.location,
    online: q.online,
    inPerson: q.inPerson,
    maxPrice: q.maxPrice ?? undefined,
    specialty: q.specialty,
    minRating: q.minRating ?? undefined,
    sort: q.sort ?? undefined,
    page: opts.page === false ? undefined : q.page,
  });
}
/** The search without its page: what identifies a result list. */
export function filtersKey(q: DirectoryQuery): string {
  return directoryParams(q, { page: false }).toString();
}

export function hasFilters(q: DirectoryQuery): boolean {
  return q.online || q.inPerson || q.maxPrice !== null || !!q.specialty || q.minRating !== null || q.sort !== null;
}
