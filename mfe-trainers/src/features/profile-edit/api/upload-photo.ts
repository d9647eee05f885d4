import { apiRequest } from '@fitconnect/shared-ui';

export interface UploadedPhoto {
  profileImage: string;
  profileImageThumb: string | null;
}

/** POST /api/trainers/{id}/upload-photo: multipart, field profileImage (owner only). */
export function uploadPhoto(id: number, file: File): Promise<UploadedPhoto> {
  const form = new FormData();
  form.append('profileImage', file);
  return apiRequest<UploadedPhoto>('POST', `/api/trainers/${id}/upload-photo`, form);
}
