import { useEffect } from 'react';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@fitconnect/shared-ui';
import type { TrainingSessionPage, TrainingSummary, UserChallenge } from '@fitconnect/contracts';
import { TRAINING_CHANGED_EVENT } from '../lib/queue';

/** The browser's IANA time zone (streaks and weeks are counted in it), or UTC. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export const summaryKey = (tz: string) => [`/api/training/summary?tz=${encodeURIComponent(tz)}`] as const;

export function summaryQueryOptions(tz = browserTimeZone()) {
  return queryOptions({
    queryKey: summaryKey(tz),
    queryFn: () => apiRequest<TrainingSummary>('GET', summaryKey(tz)[0]),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useTrainingSummary(enabled = true) {
  return useQuery({ ...summaryQueryOptions(), enabled });
}

export const SESSIONS_KEY = ['/api/training/sessions'] as const;

export function sessionsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: SESSIONS_KEY,
    queryFn: ({ pageParam }) => apiRequest<TrainingSessionPage>('GET', `/api/training/sessions${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useTrainingSessions() {
  return useInfiniteQuery(sessionsQueryOptions());
}

/** Refetches the training reads when a session was recorded or a queued one was sent (any tab of this page). */
export function useTrainingRefresh(): void {
  const qc = useQueryClient();
  useEffect(() => {
    const onChange = () => void qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/training/') });
    window.addEventListener(TRAINING_CHANGED_EVENT, onChange);
    // Another tab's queue changes arrive as a storage event.
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key.startsWith('fitconnect.trainingQueue')) onChange();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(TRAINING_CHANGED_EVENT, onChange);
      window.removeEventListener('storage', onStorage);
    };
  }, [qc]);
}

/** GET /api/user/challenges: the caller's challenges (to offer a finished session to the matching ones). */
export function getUserChallenges(): Promise<UserChallenge[]> {
  return apiRequest<UserChallenge[]>('GET', '/api/user/challenges');
}

/** POST /api/challenges/{id}/progress. */
export function logChallengeProgress(id: number, progress: number, note: string): Promise<unknown> {
  return apiRequest('POST', `/api/challenges/${id}/progress`, { progress, note });
}
