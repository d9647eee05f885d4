import { apiRequest } from '@fitconnect/shared-ui';
import type { TrainerProfileBody } from '@fitconnect/contracts';
import type { Trainer } from '@fitconnect/contracts';

/** PATCH /api/trainers/{id} (owner only): every profile field except specialties. */
export function updateTrainer(id: number, body: Omit<TrainerProfileBody, 'specialties'>): Promise<Trainer> {
  return apiRequest<Trainer>('PATCH', `/api/trainers/${id}`, body);
}
