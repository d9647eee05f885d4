import { apiRequest } from '@fitconnect/shared-ui';
import type { Trainer } from '@fitconnect/contracts';

/** POST /api/trainers/{id}/specialties (owner only). */
export function updateSpecialties(id: number, specialties: string[]): Promise<Trainer> {
  return apiRequest<Trainer>('POST', `/api/trainers/${id}/specialties`, { specialties });
}
