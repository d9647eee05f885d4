import type { BadgeTone } from '@fitconnect/shared-ui';

export const DIFFICULTY_TONE: Record<string, BadgeTone> = {
  Beginner: 'success',
  Intermediate: 'warning',
  Advanced: 'danger',
};
