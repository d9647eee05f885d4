/** The localStorage key of the session log's offline queue (./queue.ts); apart, so ./autoSync.ts stays tiny. */
export const QUEUE_KEY = 'fitconnect.trainingQueue.v1';
