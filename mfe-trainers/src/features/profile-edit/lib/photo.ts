import {
  TRAINER_PHOTO_BAD_TYPE,
  TRAINER_PHOTO_MAX_BYTES,
  TRAINER_PHOTO_TOO_LARGE,
  TRAINER_PHOTO_TYPES,
} from '@fitconnect/contracts/trainers';

/** SPEC §5/§9: JPEG, JPG, PNG or WebP, at most 5MB (the server checks the content again). */
export const MAX_PHOTO_BYTES = TRAINER_PHOTO_MAX_BYTES;
/** The contract's types, plus the non-standard image/jpg some systems report for .jpg files. */
export const PHOTO_TYPES: string[] = [...TRAINER_PHOTO_TYPES, 'image/jpg'];
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';

export type PhotoProblem = { title: string; description: string };

/** The SPEC §5 message pair for a file the client refuses, or null when it may be uploaded. */
export function photoProblem(file: Pick<File, 'type' | 'size' | 'name'>): PhotoProblem | null {
  const type = (file.type || '').toLowerCase();
  const byName = /\.(jpe?g|png|webp)$/i.test(file.name);
  if (!(PHOTO_TYPES.includes(type) || (!type && byName))) {
    return { title: 'Invalid file type', description: TRAINER_PHOTO_BAD_TYPE };
  }
  if (file.size > MAX_PHOTO_BYTES) {
    return { title: 'File too large', description: TRAINER_PHOTO_TOO_LARGE };
  }
  return null;
}
