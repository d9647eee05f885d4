import http from 'node:http';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { startTestApi, signUpAndLogin, type Agent, type TestApi } from '../helpers';
import { makeTrainer } from './support';

jest.setTimeout(120000);
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
});

const cookieHeader = (agent: Agent) => [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function upload(agent: Agent, trainerId: number, data: Buffer, opts: { filename?: string; type?: string; field?: string } = {}) {
  const form = new FormData();
  form.append(opts.field ?? 'profileImage', new Blob([new Uint8Array(data)], { type: opts.type ?? 'image/jpeg' }), opts.filename ?? 'photo.jpg');
  const res = await fetch(`${api.url}/api/trainers/${trainerId}/upload-photo`, { method: 'POST', body: form, headers: { cookie: cookieHeader(agent) } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

async function getBytes(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(api.url + path, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const files = () => mongoose.connection.collection('trainerPhotos.files');
const chunks = () => mongoose.connection.collection('trainerPhotos.chunks');

/** A phone-style photo: 1200x900 JPEG carrying a camera make and a GPS position in its EXIF. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'GPS-1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 48/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '1/1 33/1 0/1' },
    })
    .toBuffer();
}
/** The EXIF GPS-IFD pointer tag (0x8825), little- or big-endian. */
const hasGpsTag = (exif: Buffer) => exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));

describe('POST /api/trainers/:id/upload-photo', () => {
  it('re-encodes a JPEG to an 800 px WebP and a thumbnail, without EXIF or GPS, served cacheably from GridFS', async () => {
    const owner = api.agent();
    const { trainer } = await makeTrainer(owner, { location: 'Leeds' });
    const original = await jpegWithGps();
    const meta = await sharp(original).metadata();
    expect(meta.exif && hasGpsTag(meta.exif)).toBe(true); // the fixture really carries a position

    const r = await upload(owner, trainer.id, original, { filename: 'IMG_0001.JPG' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ profileImage: expect.stringMatching(/^\/api\/trainer-photos\/[a-f0-9]{24}$/), profileImageThumb: expect.stringMatching(/^\/api\/trainer-photos\/[a-f0-9]{24}$/) });
    const shown = (await api.agent().get(`/api/trainers/${trainer.id}`)).body;
    expect(shown).toMatchObject(r.body);

    const photo = await getBytes(r.body.profileImage);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(photo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = photo.headers.get('etag');
    expect(etag).toBeTruthy();
    const out = await sharp(photo.bytes).metadata();
    expect([out.format, out.width, out.height]).toEqual(['webp', 800, 800]);
    expect(out.exif).toBeUndefined();
    expect(photo.bytes.includes(Buffer.from('TestPhone'))).toBe(false);
    const thumb = await sharp((await getBytes(r.body.profileImageThumb)).bytes).metadata();
    expect([thumb.format, thumb.width, thumb.height, thumb.exif]).toEqual(['webp', 160, 160, undefined]);

    const again = await getBytes(r.body.profileImage, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect((await getBytes('/api/trainer-photos/0123456789abcdef01234567')).status).toBe(404);
    expect((await getBytes('/api/trainer-photos/not-an-id')).status).toBe(400);
  });

  it('replacing a photo gives a new URL and deletes the old files', async () => {
    const owner = api.agent();
    const { trainer } = await makeTrainer(owner, { location: 'Leeds' });
    const png = await sharp({ create: { width: 300, height: 500, channels: 4, background: '#3366ff' } }).png().toBuffer();
    const webp = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#22aa44' } }).webp().toBuffer();
    const first = await upload(owner, trainer.id, png, { filename: 'a.png', type: 'image/png' });
    expect(first.status).toBe(200);
    const second = await upload(owner, trainer.id, webp, { filename: 'b.webp', type: 'image/webp' });
    expect(second.status).toBe(200);
    expect(second.body.profileImage).not.toBe(first.body.profileImage);
    expect((await getBytes(first.body.profileImage)).status).toBe(404);
    expect((await getBytes(first.body.profileImageThumb)).status).toBe(404);
    expect((await getBytes(second.body.profileImage)).status).toBe(200);
    const ids = (await files().find({ 'metadata.trainerId': trainer.id }).toArray()).map((f) => f._id);
    expect(ids).toHaveLength(2);
    expect(await chunks().countDocuments({ files_id: { $nin: (await files().find({}).toArray()).map((f) => f._id) } })).toBe(0);
    // GridFS's own indexes exist (the driver creates them on the first upload): chunks are unique per file and n.
    const chunkIndexes = await chunks().listIndexes().toArray();
    expect(chunkIndexes.find((i) => JSON.stringify(i.key) === JSON.stringify({ files_id: 1, n: 1 }))?.unique).toBe(true);
  });

  it('two simultaneous uploads leave exactly one photo and its thumbnail', async () => {
    const owner = api.agent();
    const { trainer } = await makeTrainer(owner, { location: 'Leeds' });
    const a = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#aa0000' } }).jpeg().toBuffer();
    const b = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#0000aa' } }).png().toBuffer();
    const results = await Promise.all([upload(owner, trainer.id, a), upload(owner, trainer.id, b, { type: 'image/png', filename: 'b.png' }), upload(owner, trainer.id, a)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const stored = await files().find({ 'metadata.trainerId': trainer.id }).toArray();
    expect(stored).toHaveLength(2);
    const shown = (await api.agent().get(`/api/trainers/${trainer.id}`)).body;
    expect(stored.map((f) => `/api/trainer-photos/${f._id}`).sort()).toEqual([shown.profileImage, shown.profileImageThumb].sort());
  });

  it('decides the type by content: a text file named .png and a GIF are refused with SPEC’s message', async () => {
    const owner = api.agent();
    const { trainer } = await makeTrainer(owner, { location: 'Leeds' });
    const before = await files().countDocuments({});
    const text = await upload(owner, trainer.id, Buffer.from('just some text, honestly a photo\n'.repeat(50)), { filename: 'photo.png', type: 'image/png' });
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ message: 'Please select a JPEG, PNG, or WebP image' });
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).gif().toBuffer();
    expect((await upload(owner, trainer.id, gif, { filename: 'x.jpg', type: 'image/jpeg' })).status).toBe(415);
    // Right signature, broken body.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    expect((await upload(owner, trainer.id, broken)).status).toBe(415);
    expect(await files().countDocuments({})).toBe(before);
    expect((await api.agent().get(`/api/trainers/${trainer.id}`)).body.profileImage).toBeNull();
  });

  it('refuses a 6 MB file with 413 and SPEC’s message', async () => {
    const owner = api.agent();
    const { trainer } = await makeTrainer(owner, { location: 'Leeds' });
    const big = Buffer.concat([await jpegWithGps(), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const r = await upload(owner, trainer.id, big);
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ message: 'Please select an image smaller than 5MB' });
    expect((await api.agent().get(`/api/trainers/${trainer.id}`)).body.profileImage).toBeNull();
  });

  it('cuts an oversized upload off while it streams: the 413 comes back before the client has finished sending', async () => {
    const owner = api.agent();
    const { trainer } = await makeTrainer(owner, { location: 'Leeds' });
    const boundary = 'fitconnectboundary';
    const url = new URL(`${api.url}/api/trainers/${trainer.id}/upload-photo`);
    const chunk = Buffer.alloc(256 * 1024, 1);
    const result = await new Promise<{ status: number; sentBytes: number; body: string }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      // Chunked (no Content-Length), so only the streaming limit can catch it.
      const req = http.request(url, { method: 'POST', headers: { cookie: cookieHeader(owner), 'content-type': `multipart/form-data; boundary=${boundary}` } });
      req.on('response', (res) => {
        answered = true;
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, sentBytes: sent, body });
        });
      });
      req.on('error', (e) => {
        if (!answered) reject(e);
      });
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="profileImage"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
      const pump = () => {
        if (answered) return;
        if (sent > 40 * 1024 * 1024) return reject(new Error('server read 40 MB without answering'));
        sent += chunk.length;
        req.write(chunk, () => setImmediate(pump));
      };
      pump();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ message: 'Please select an image smaller than 5MB' });
    // The request was never ended: the server stopped reading just past 5 MB (plus what socket buffers hold).
    expect(result.sentBytes).toBeLessThan(12 * 1024 * 1024);
  });

  it('lets only the owner upload, and needs the profileImage field', async () => {
    const owner = api.agent();
    const { trainer } = await makeTrainer(owner, { location: 'Leeds' });
    const jpeg = await jpegWithGps();
    const before = await files().countDocuments({});
    expect((await upload(api.agent(), trainer.id, jpeg)).status).toBe(401);
    const other = api.agent();
    await signUpAndLogin(other);
    const refused = await upload(other, trainer.id, jpeg);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'You can only edit your own trainer profile' });
    expect((await upload(other, 999999, jpeg)).status).toBe(404);
    expect((await upload(owner, trainer.id, jpeg, { field: 'photo' })).status).toBe(400);
    const notMultipart = await owner.post(`/api/trainers/${trainer.id}/upload-photo`, { profileImage: 'x' });
    expect(notMultipart.status).toBe(400);
    expect(await files().countDocuments({})).toBe(before);
  });
});
