import busboy from 'busboy';
import type { Context } from 'koa';
import mongoose from 'mongoose';
import type sharpType from 'sharp';
import { TRAINER_MESSAGES, TRAINER_PHOTO_BAD_TYPE, TRAINER_PHOTO_MAX_BYTES, TRAINER_PHOTO_TOO_LARGE } from '@fitconnect/contracts';
import { badRequest, HttpError, notFound } from '../http/errors';
import { Trainer } from './model';

/**
 * Trainer photos: multipart upload streamed through busboy with the 5 MB limit applied while reading,
 * type decided from the bytes, re-encoded by sharp (which drops EXIF, GPS included), stored in GridFS
 * so every API instance serves the same bytes.
 */

export const PHOTO_SIZE = 800;
export const THUMB_SIZE = 160;
export const PHOTO_BUCKET = 'trainerPhotos';
export const photoUrl = (fileId: string) => `/api/trainer-photos/${fileId}`;

const tooLarge = () => new HttpError(413, TRAINER_PHOTO_TOO_LARGE);
const badType = () => new HttpError(415, TRAINER_PHOTO_BAD_TYPE);

export function photoBucket(): mongoose.mongo.GridFSBucket {
  const db = mongoose.connection.db;
  if (!db) throw new Error('Database not connected');
  return new mongoose.mongo.GridFSBucket(db, { bucketName: PHOTO_BUCKET });
}

/**
 * Read the one file in multipart field `field`. The size limit is enforced while streaming: past
 * `maxBytes` parsing stops, nothing more is kept, and a 413 goes back at once. A declared Content-Length
 * that is already too big is refused before anything is parsed. Either way nothing more is parsed: once the
 * 413 is sent, the app reads and discards the rest of the body (http/unreadBody.ts) rather than closing the
 * connection under it, which could reset the 413 away before the client read it.
 */
export function readUploadedFile(ctx: Context, field: string, maxBytes = TRAINER_PHOTO_MAX_BYTES): Promise<Buffer> {
  const declared = Number(ctx.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes + 64 * 1024) return Promise.reject(tooLarge());
  let bb: busboy.Busboy;
  try {
    bb = busboy({ headers: ctx.req.headers, limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12, fieldSize: 8 * 1024 } });
  } catch {
    return Promise.reject(badRequest(`Send the photo as multipart/form-data in the field '${field}'`));
  }
  return new Promise<Buffer>((resolve, reject) => {
    let done = false;
    let file: Buffer | null = null;
    const finish = (err: Error | null) => {
      if (done) return;
      done = true;
      if (err) {
        ctx.req.unpipe(bb);
        reject(err);
      } else if (!file) reject(badRequest(`Please choose an image to upload (multipart field '${field}')`));
      else resolve(file);
    };
    bb.on('file', (name, stream) => {
      if (name !== field || file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => finish(tooLarge()));
      stream.on('end', () => {
        if (!(stream as unknown as { truncated?: boolean }).truncated) file = Buffer.concat(chunks);
      });
    });
    bb.on('filesLimit', () => undefined);
    bb.on('error', () => finish(badRequest('Could not read the upload')));
    bb.on('close', () => finish(null));
    ctx.req.on('aborted', () => finish(badRequest('Upload aborted')));
    ctx.req.pipe(bb);
  });
}

/** JPEG, PNG or WebP by signature (the first bytes), whatever the file's name or declared type. */
export function sniffImageType(buf: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * sharp (libvips: about 20 MB resident) is loaded by the first upload, not when the API starts: most API
 * processes never re-encode a photo (issue 9, the memory of `npm start`). A missing or broken sharp is a
 * 500 on the upload, never mistaken for a bad image.
 */
let sharpLoading: Promise<typeof sharpType> | null = null;
function loadSharp(): Promise<typeof sharpType> {
  sharpLoading ??= import('sharp').then((m) => ((m as { default?: typeof sharpType }).default ?? (m as unknown as typeof sharpType)));
  return sharpLoading;
}

/**
 * The stored renditions: an 800 px square WebP and a 160 px thumbnail, turned upright from the EXIF
 * orientation first. sharp writes no metadata unless asked, so EXIF (GPS position included), XMP and
 * IPTC are gone. A file whose signature lies (a text file named .png) or that does not decode is a 415.
 */
export async function renderPhoto(input: Buffer): Promise<{ photo: Buffer; thumb: Buffer }> {
  const kind = sniffImageType(input);
  if (!kind) throw badType();
  const sharp = await loadSharp();
  try {
    const base = sharp(input, { limitInputPixels: 50_000_000, failOn: 'error' }).rotate();
    const meta = await sharp(input, { limitInputPixels: 50_000_000 }).metadata();
    if (meta.format !== kind) throw badType();
    const [photo, thumb] = await Promise.all([
      base.clone().resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer(),
      base.clone().resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover', position: 'attention' }).webp({ quality: 75 }).toBuffer(),
    ]);
    return { photo, thumb };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw badType();
  }
}

async function putFile(bucket: mongoose.mongo.GridFSBucket, data: Buffer, filename: string, metadata: Record<string, unknown>): Promise<string> {
  const upload = bucket.openUploadStream(filename, { metadata: { contentType: 'image/webp', ...metadata } });
  await new Promise<void>((resolve, reject) => {
    upload.once('finish', () => resolve());
    upload.once('error', reject);
    upload.end(data);
  });
  return upload.id.toString();
}

async function deleteFiles(bucket: mongoose.mongo.GridFSBucket, ids: (string | null | undefined)[]): Promise<void> {
  for (const id of ids) {
    if (!id) continue;
    try {
      await bucket.delete(new mongoose.Types.ObjectId(id));
    } catch {
      /* already gone */
    }
  }
}

/**
 * Store the renditions and point the trainer at them; the photo it had before is deleted (read
 * atomically with the swap, so two simultaneous uploads each delete exactly what they replaced).
 */
export async function replaceTrainerPhoto(trainerId: number, input: Buffer): Promise<{ profileImage: string; profileImageThumb: string }> {
  const { photo, thumb } = await renderPhoto(input);
  const bucket = photoBucket();
  const photoFileId = await putFile(bucket, photo, `trainer-${trainerId}.webp`, { trainerId, kind: 'photo' });
  const thumbFileId = await putFile(bucket, thumb, `trainer-${trainerId}-thumb.webp`, { trainerId, kind: 'thumb' });
  const urls = { profileImage: photoUrl(photoFileId), profileImageThumb: photoUrl(thumbFileId) };
  const before = await Trainer.findOneAndUpdate(
    { id: trainerId },
    { $set: { photoFileId, thumbFileId, ...urls } },
    { returnDocument: 'before', lean: true, projection: { photoFileId: 1, thumbFileId: 1 } },
  );
  if (!before) {
    await deleteFiles(bucket, [photoFileId, thumbFileId]);
    throw notFound(TRAINER_MESSAGES.notFound);
  }
  await deleteFiles(bucket, [before.photoFileId, before.thumbFileId]);
  return urls;
}

/** GET /api/trainer-photos/{fileId}: the bytes never change for an id, so they are cached for a year. */
export async function servePhoto(ctx: Context, fileId: string): Promise<void> {
  const bucket = photoBucket();
  const _id = new mongoose.Types.ObjectId(fileId);
  const file = await bucket.find({ _id }).limit(1).next();
  if (!file) throw notFound('Photo not found');
  const etag = `"${fileId}"`;
  ctx.set('ETag', etag);
  ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  const ifNoneMatch = ctx.get('If-None-Match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*')) {
    ctx.status = 304;
    return;
  }
  ctx.type = (file.metadata?.contentType as string | undefined) ?? 'image/webp';
  ctx.length = file.length;
  ctx.body = bucket.openDownloadStream(_id);
}
