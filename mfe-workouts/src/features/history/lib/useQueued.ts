import { useEffect, useState } from 'react';
import { queuedFor, TRAINING_CHANGED_EVENT, type QueuedSession } from './queue';

/** The sessions of `userId` still waiting on this device, kept current as the queue changes. */
export function useQueuedSessions(userId: number | undefined): QueuedSession[] {
  const read = () => (userId === undefined ? [] : queuedFor(userId));
  const [list, setList] = useState<QueuedSession[]>(read);
  useEffect(() => {
    const update = () => setList(userId === undefined ? [] : queuedFor(userId));
    update();
    window.addEventListener(TRAINING_CHANGED_EVENT, update);
    window.addEventListener('storage', update);
    window.addEventListener('online', update);
    return () => {
      window.removeEventListener(TRAINING_CHANGED_EVENT, update);
      window.removeEventListener('storage', update);
      window.removeEventListener('online', update);
    };
  }, [userId]);
  return list;
}
