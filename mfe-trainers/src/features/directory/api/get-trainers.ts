import { queryOptions, useQueries } from '@tanstack/react-query';
import { TRAINER_LIST_HEADERS, type TrainerListItem } from '@fitconnect/contracts/trainers';
import { showsError } from '@fitconnect/shared-ui/patterns';
import { getWithHeaders } from '../../../lib/fetchWithHeaders';
import { directoryParams, type DirectoryQuery } from '../lib/query';

export interface TrainersPage {
  trainers: TrainerListItem[];
  /** X-Total-Count: matches over all pages (null when the header is missing). */
  total: number | null;
  /** X-Has-More. */
  hasMore: boolean;
  /** X-Location-Resolved: true = real distances, false = literal text match, null = no location searched. */
  locationResolved: boolean | null;
}

/** The list call's URL for one page of a search. */
export function trainersUrl(q: DirectoryQuery, page: number): string {
  const search = directoryParams({ ...q, page }).toString();
  return search ? `/api/trainers?${search}` : '/api/trainers';
}

/** GET /api/trainers: one page of trainers with the paging and location headers. */
export async function getTrainers(q: DirectoryQuery, page: number, signal?: AbortSignal): Promise<TrainersPage> {
  const { body, headers } = await getWithHeaders<TrainerListItem[] | null>(trainersUrl(q, page), signal);
  const totalHeader = headers.get(TRAINER_LIST_HEADERS.totalCount);
  const total = Number(totalHeader);
  const resolved = headers.get(TRAINER_LIST_HEADERS.locationResolved);
  return {
    trainers: Array.isArray(body) ? body : [],
    total: totalHeader !== null && totalHeader !== '' && Number.isFinite(total) ? total : null,
    hasMore: headers.get(TRAINER_LIST_HEADERS.hasMore) === 'true',
    locationResolved: resolved === null ? null : resolved === 'true',
  };
}

export function trainersPageQueryOptions(q: DirectoryQuery, page: number) {
  const url = trainersUrl(q, page);
  return queryOptions({
    queryKey: ['/api/trainers', url],
    queryFn: ({ signal }) => getTrainers(q, page, signal),
  });
}

/**
 * Pages 1..q.page of a search, each its own cached query: 'View More Trainers' fetches only the new
 * page, and a shared link with page=3 loads the three pages it shows.
 */
export function useTrainerPages(q: DirectoryQuery) {
  const pages = Array.from({ length: q.page }, (_, i) => i + 1);
  return useQueries({
    queries: pages.map((page) => trainersPageQueryOptions(q, page)),
    combine: (results) => {
      const loaded = results.filter((r) => r.data).map((r) => r.data as TrainersPage);
      const first = results[0];
      const last = results[results.length - 1];
      return {
        trainers: dedupe(loaded.flatMap((p) => p.trainers)),
        first: first?.data ?? null,
        isPending: !!first?.isPending,
        /** The first page failed with nothing to show, or was refused (showsError): a failed refetch keeps the list. */
        isError: !!first && showsError(first),
        error: first?.error ?? null,
        /** A later page is loading (the ones before it are shown). */
        isLoadingMore: results.slice(1).some((r) => r.isPending),
        moreFailed: results.slice(1).some(showsError),
        hasMore: !!last?.data?.hasMore,
        refetchFailed: () => results.filter((r) => r.isError).forEach((r) => void r.refetch()),
      };
    },
  });
}

/** A trainer whose rank moved between two page calls could appear twice: keep the first. */
function dedupe(list: TrainerListItem[]): TrainerListItem[] {
  const seen = new Set<number>();
  return list.filter((t) => (seen.has(t.id) ? false : (seen.add(t.id), true)));
}
