import type { FeedbackResponse } from '@fitconnect/contracts';
import type { FeedbackFields } from './model';

/** What the sender gets back: no email and no content (the team reads those with `npm run feedback`). */
export function presentFeedback(f: Pick<FeedbackFields, 'id' | 'type' | 'joinCommunity' | 'interests' | 'userId' | 'isTrainer' | 'createdAt'>): FeedbackResponse {
  return {
    id: f.id,
    type: f.type,
    joinCommunity: f.joinCommunity,
    interests: [...f.interests],
    userId: f.userId ?? null,
    isTrainer: f.isTrainer,
    createdAt: new Date(f.createdAt).toISOString(),
  };
}
