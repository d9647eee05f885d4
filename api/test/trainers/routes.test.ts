import mongoose from 'mongoose';
import { startTestApi, signUpAndLogin, type TestApi } from '../helpers';
import { Trainer, TrainerReview } from '../../src/trainers/model';
import { PROFILE, makeTrainer, expectNoPrivateFields } from './support';

jest.setTimeout(120000);
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
});
beforeEach(async () => {
  await Trainer.deleteMany({});
  await TrainerReview.deleteMany({});
  await mongoose.connection.collection('messages').deleteMany({});
});

const ids = (list: { id: number }[]) => list.map((t) => t.id);

describe('GET /api/trainers: real distances', () => {
  it('finds the nearest trainers first by postcode, outcode or town, with distances in miles', async () => {
    const leeds = await makeTrainer(api.agent(), { location: 'Leeds, LS1 4DY' });
    const manchester = await makeTrainer(api.agent(), { location: 'Manchester, M4 1HN' });
    const london = await makeTrainer(api.agent(), { location: 'London, E1 6QL' });
    const headingley = await makeTrainer(api.agent(), { location: 'LS6 1AN' });

    const anon = api.agent();
    const r = await anon.get('/api/trainers?location=ls6%202ab');
    expect(r.status).toBe(200);
    expect(r.headers.get('x-location-resolved')).toBe('true');
    expect(r.headers.get('x-total-count')).toBe('4');
    expect(r.headers.get('access-control-expose-headers')).toContain('X-Location-Resolved');
    expect(ids(r.body)).toEqual([headingley.trainer.id, leeds.trainer.id, manchester.trainer.id, london.trainer.id]);
    const miles = r.body.map((t: { distanceMiles: number }) => t.distanceMiles);
    expect(miles[0]).toBe(0); // same postcode district
    expect(miles[1]).toBeGreaterThan(0.5);
    expect(miles[1]).toBeLessThan(4); // Headingley -> Leeds centre
    expect(miles[2]).toBeGreaterThan(30); // -> Manchester, as the crow flies
    expect(miles[2]).toBeLessThan(45);
    expect(miles[3]).toBeGreaterThan(160); // -> London
    expect(miles.every((m: number) => Number.isInteger(m * 10))).toBe(true);

    const byTown = await anon.get('/api/trainers?location=Manchester');
    expect(byTown.headers.get('x-location-resolved')).toBe('true');
    expect(byTown.body[0].id).toBe(manchester.trainer.id);
    // Shown publicly as the postcode district (issue 26: never a full postcode).
    expect(byTown.body[0].user.location).toBe('Manchester, M4');

    const byOutcode = await anon.get('/api/trainers?location=E1');
    expect(byOutcode.body[0].id).toBe(london.trainer.id);
  });

  it('falls back to a literal text match when the place cannot be resolved, and says so', async () => {
    const studio = await makeTrainer(api.agent(), { location: 'Narnia (Lamp-post Studio)' });
    await makeTrainer(api.agent(), { location: 'Leeds' });
    const anon = api.agent();
    const r = await anon.get(`/api/trainers?location=${encodeURIComponent('lamp-post studio')}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('x-location-resolved')).toBe('false');
    expect(ids(r.body)).toEqual([studio.trainer.id]);
    expect(r.body[0].distanceMiles).toBeNull();
    // Regular-expression syntax is matched literally, never run as a pattern.
    for (const nasty of ['.*', '(a+)+$', '[', 'Narnia (Lamp']) {
      const x = await anon.get(`/api/trainers?location=${encodeURIComponent(nasty)}`);
      expect(x.status).toBe(200);
      expect(x.headers.get('x-location-resolved')).toBe('false');
      expect(ids(x.body)).toEqual(nasty === 'Narnia (Lamp' ? [studio.trainer.id] : []);
    }
    // Without a location: no header, no distances.
    const all = await anon.get('/api/trainers');
    expect(all.headers.get('x-location-resolved')).toBeNull();
    expect(all.body.every((t: { distanceMiles: null }) => t.distanceMiles === null)).toBe(true);
  });
});

describe('GET /api/trainers: filters, sort and pages', () => {
  async function roster() {
    const a = await makeTrainer(api.agent(), { location: 'Leeds', profile: { sessionPrice: 30, availableOnline: true, availableInPerson: false, specialties: 'Yoga, Mobility' } });
    const b = await makeTrainer(api.agent(), { location: 'Leeds', profile: { sessionPrice: 60, availableOnline: false, availableInPerson: true, specialties: 'Powerlifting' } });
    const c = await makeTrainer(api.agent(), { location: 'York', profile: { sessionPrice: null, availableOnline: true, availableInPerson: true, specialties: 'Pre-natal yoga' } });
    const d = await makeTrainer(api.agent(), { location: 'Bradford', profile: { sessionPrice: 45, availableOnline: true, availableInPerson: true, specialties: 'HIIT' } });
    // ratings: a 5, b 3, c 4, d none
    for (const [t, rating] of [[a, 5], [b, 3], [c, 4]] as const) {
      const client = api.agent();
      await signUpAndLogin(client);
      expect((await client.post('/api/reviews', { trainerId: t.trainer.id, rating })).status).toBe(201);
    }
    return { a: a.trainer.id, b: b.trainer.id, c: c.trainer.id, d: d.trainer.id };
  }

  it('filters by availability, price, specialty and rating, and sorts by rating or price', async () => {
    const { a, b, c, d } = await roster();
    const anon = api.agent();
    const get = async (q: string) => {
      const r = await anon.get(`/api/trainers?${q}`);
      expect(r.status).toBe(200);
      return ids(r.body);
    };
    expect(await get('')).toEqual([a, c, b, d]); // default: best rated first
    expect(await get('online=true')).toEqual([a, c, d]);
    expect(await get('inPerson=true')).toEqual([c, b, d]);
    expect(await get('online=true&inPerson=true')).toEqual([c, d]);
    expect(await get('maxPrice=45')).toEqual([a, d]);
    expect(await get('specialty=YOGA')).toEqual([a, c]);
    expect(await get('specialty=pre-natal')).toEqual([c]);
    expect(await get('specialty=.*')).toEqual([]);
    expect(await get('minRating=4')).toEqual([a, c]);
    expect(await get('sort=price')).toEqual([a, d, b, c]); // no price last
    expect(await get('sort=rating&maxPrice=100&online=true')).toEqual([a, d]);
    // Near Leeds: distance first by default; a different sort keeps distances.
    const near = await anon.get('/api/trainers?location=Leeds');
    expect(ids(near.body).slice(0, 2).sort()).toEqual([a, b].sort());
    expect(ids(near.body).slice(2)).toEqual([d, c]); // Bradford ~9 mi, York ~22 mi
    const nearByPrice = await anon.get('/api/trainers?location=Leeds&sort=price&online=true');
    expect(ids(nearByPrice.body)).toEqual([a, d, c]);
    expect(nearByPrice.body.every((t: { distanceMiles: number }) => typeof t.distanceMiles === 'number')).toBe(true);
    // Empty form fields mean "not given".
    expect(await get('maxPrice=&specialty=&minRating=&sort=&location=')).toEqual([a, c, b, d]);
  });

  it('pages with totals and has-more, never repeating a trainer', async () => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await makeTrainer(api.agent(), { location: 'LS6' })).trainer.id);
    const anon = api.agent();
    const seen: number[] = [];
    for (const [page, more] of [[1, 'true'], [2, 'true'], [3, 'false']] as const) {
      const r = await anon.get(`/api/trainers?location=LS6&limit=2&page=${page}`);
      expect(r.headers.get('x-total-count')).toBe('5');
      expect(r.headers.get('x-has-more')).toBe(more);
      seen.push(...ids(r.body));
    }
    expect(seen.sort()).toEqual([...made].sort());
    const unsorted = await anon.get('/api/trainers?limit=2&page=3');
    expect(unsorted.body).toHaveLength(1);
    expect((await anon.get('/api/trainers?page=9')).body).toEqual([]);
    expect((await anon.get('/api/trainers')).body).toHaveLength(5); // default page size 12
  });

  it('refuses a bad query with 400 and the reason', async () => {
    const anon = api.agent();
    for (const q of ['limit=49', 'limit=0', 'page=0', 'online=yes', 'sort=name', 'maxPrice=cheap', 'minRating=6', 'maxPrice=12.5']) {
      const r = await anon.get(`/api/trainers?${q}`);
      expect([r.status, q]).toEqual([400, q]);
      expect(typeof r.body.message).toBe('string');
    }
  });
});

describe('one trainer', () => {
  it('GET /api/trainers/:id answers the trainer, 400 for a non-numeric id, 404 for an unknown one', async () => {
    const agent = api.agent();
    const { trainer, user } = await makeTrainer(agent, { location: 'Leeds, LS6 1AN', firstName: 'Hannah' });
    const anon = api.agent();
    const r = await anon.get(`/api/trainers/${trainer.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: trainer.id,
      userId: user.id,
      user: { id: user.id, firstName: 'Hannah', lastName: 'User', location: 'Leeds, LS6' },
      specialization: PROFILE.specialization,
      specialties: ['Strength', 'Powerlifting'],
      certifications: ['Level 3 PT'],
      sessionPrice: 40,
      rating: 0,
      reviewCount: 0,
      profileImage: null,
      profileImageThumb: null,
    });
    expect((await anon.get('/api/trainers/abc')).status).toBe(400);
    const missing = await anon.get('/api/trainers/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Trainer not found' });
  });

  it('GET /api/trainers/me: 401 signed out, 404 without a profile, the own profile otherwise', async () => {
    expect((await api.agent().get('/api/trainers/me')).status).toBe(401);
    const client = api.agent();
    await signUpAndLogin(client);
    const none = await client.get('/api/trainers/me');
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ message: 'Profile not found' });
    const agent = api.agent();
    const { trainer } = await makeTrainer(agent, { location: 'Leeds' });
    const me = await agent.get('/api/trainers/me');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(trainer.id);
  });

  it('never shows an email or a private field in trainer or review responses', async () => {
    const agent = api.agent();
    const { trainer } = await makeTrainer(agent, { location: 'Leeds' });
    const client = api.agent();
    const { email: clientEmail } = await signUpAndLogin(client);
    const posted = await client.post('/api/reviews', { trainerId: trainer.id, rating: 4, comment: 'Good' });
    const trainerEmail = (await agent.get('/api/auth/user')).body.user.email;
    const emails = [trainerEmail, clientEmail];
    expectNoPrivateFields(posted.text, emails);
    for (const path of ['/api/trainers', '/api/trainers?location=Leeds', `/api/trainers/${trainer.id}`, `/api/trainers/${trainer.id}/reviews`, '/api/trainers?location=nowhere-at-all']) {
      const r = await api.agent().get(path);
      expect(r.status).toBe(200);
      expectNoPrivateFields(r.text, emails);
    }
    expectNoPrivateFields((await agent.get('/api/trainers/me')).text, emails);
    expectNoPrivateFields((await agent.patch(`/api/trainers/${trainer.id}`, { education: 'MSc' })).text, emails);
  });
});

describe('POST /api/trainers/profile', () => {
  it('creates the profile once, for trainer accounts only', async () => {
    expect((await api.agent().post('/api/trainers/profile', PROFILE)).status).toBe(401);
    const client = api.agent();
    await signUpAndLogin(client);
    const refused = await client.post('/api/trainers/profile', PROFILE);
    expect(refused.status).toBe(403);
    expect(await Trainer.countDocuments({})).toBe(0);

    const agent = api.agent();
    await signUpAndLogin(agent, { isTrainer: true, location: 'York' });
    // Two at once: one profile, one 409.
    const [x, y] = await Promise.all([agent.post('/api/trainers/profile', PROFILE), agent.post('/api/trainers/profile', PROFILE)]);
    expect([x.status, y.status].sort()).toEqual([201, 409]);
    const again = await agent.post('/api/trainers/profile', { ...PROFILE, specialization: 'Other' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Trainer profile already exists' });
    expect(await Trainer.countDocuments({})).toBe(1);
    expect((await Trainer.findOne({}).lean())!.specialization).toBe(PROFILE.specialization);
  });

  it('applies SPEC §5 rules with its messages', async () => {
    const agent = api.agent();
    await signUpAndLogin(agent, { isTrainer: true, location: 'York' });
    const cases: [Record<string, unknown>, string][] = [
      [{ description: 'Too short' }, 'Please provide a more detailed description of your services'],
      [{ specialties: ' , ' }, 'Please enter at least one specialty'],
      [{ specialties: [] }, 'Please enter at least one specialty'],
      [{ yearsOfExperience: 2.5 }, 'Please enter a whole number'],
      [{ sessionPrice: 39.99 }, 'Please enter a whole number'],
      [{ specialization: '' }, 'Specialization is required'],
      [{ websiteUrl: 'javascript:alert(1)' }, 'Please enter a website starting with http:// or https://'],
      [{ websiteUrl: 'ftp://example.com' }, 'Please enter a website starting with http:// or https://'],
      [{ instagramHandle: 'bad handle!' }, 'Please enter a valid Instagram handle'],
      [{ twitterHandle: 'way_too_long_for_twitter' }, 'Please enter a valid Twitter handle'],
    ];
    for (const [patch, message] of cases) {
      const r = await agent.post('/api/trainers/profile', { ...PROFILE, ...patch });
      expect([r.status, r.body.message]).toEqual([400, message]);
    }
    expect(await Trainer.countDocuments({})).toBe(0);
    const ok = await agent.post('/api/trainers/profile', {
      ...PROFILE,
      sessionPrice: '',
      instagramHandle: '@coach.terry',
      twitterHandle: '@terry_fit',
      websiteUrl: 'https://terry.example.co.uk',
      userId: 999, // ignored: the owner is the session user
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ sessionPrice: null, instagramHandle: 'coach.terry', twitterHandle: 'terry_fit', websiteUrl: 'https://terry.example.co.uk' });
    expect(ok.body.userId).toBe((await agent.get('/api/auth/user')).body.user.id);
  });
});

describe('PATCH /api/trainers/:id and POST /api/trainers/:id/specialties', () => {
  it('lets only the owner edit; refusals change nothing', async () => {
    const owner = api.agent();
    const { trainer } = await makeTrainer(owner, { location: 'Leeds' });
    const before = await api.agent().get(`/api/trainers/${trainer.id}`);

    expect((await api.agent().patch(`/api/trainers/${trainer.id}`, { education: 'Hacked' })).status).toBe(401);
    const other = api.agent();
    await makeTrainer(other, { location: 'York' });
    const refused = await other.patch(`/api/trainers/${trainer.id}`, { education: 'Hacked', sessionPrice: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'You can only edit your own trainer profile' });
    expect((await other.post(`/api/trainers/${trainer.id}/specialties`, { specialties: 'Hacked' })).status).toBe(403);
    expect((await api.agent().post(`/api/trainers/${trainer.id}/specialties`, { specialties: 'Hacked' })).status).toBe(401);
    expect((await other.patch('/api/trainers/999999', { education: 'x' })).status).toBe(404);
    expect((await owner.patch(`/api/trainers/${trainer.id}`, { description: 'short' })).status).toBe(400);
    expect((await owner.post(`/api/trainers/${trainer.id}/specialties`, { specialties: '' })).status).toBe(400);
    expect((await api.agent().get(`/api/trainers/${trainer.id}`)).body).toEqual(before.body);

    const patched = await owner.patch(`/api/trainers/${trainer.id}`, { education: 'MSc Physiology', sessionPrice: null, availableOnline: false });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ education: 'MSc Physiology', sessionPrice: null, availableOnline: false, specialization: PROFILE.specialization });
    const specs = await owner.post(`/api/trainers/${trainer.id}/specialties`, { specialties: 'Kettlebells, Mobility ,' });
    expect(specs.status).toBe(200);
    expect(specs.body.specialties).toEqual(['Kettlebells', 'Mobility']);
    expect((await api.agent().get(`/api/trainers/${trainer.id}`)).body.specialties).toEqual(['Kettlebells', 'Mobility']);
  });

  it('moves the trainer when the location changes', async () => {
    const owner = api.agent();
    const { trainer } = await makeTrainer(owner, { location: 'Leeds' });
    const near = async () => (await api.agent().get('/api/trainers?location=Bristol')).body[0].distanceMiles;
    expect(await near()).toBeGreaterThan(150);
    const r = await owner.patch(`/api/trainers/${trainer.id}`, { location: 'Bristol, BS1 5TR' });
    expect(r.body.user.location).toBe('Bristol, BS1 5TR');
    expect(await near()).toBeLessThan(2);
    // An unknown place: found by text, not by distance.
    await owner.patch(`/api/trainers/${trainer.id}`, { location: 'Somewhere Unmapped' });
    expect((await api.agent().get('/api/trainers?location=Bristol')).body).toEqual([]);
    expect(ids((await api.agent().get('/api/trainers?location=unmapped')).body)).toEqual([trainer.id]);
  });
});

describe('reviews', () => {
  it('refuses signed-out, unknown trainer and own-profile reviews', async () => {
    const owner = api.agent();
    const { trainer } = await makeTrainer(owner, { location: 'Leeds' });
    expect((await api.agent().post('/api/reviews', { trainerId: trainer.id, rating: 5 })).status).toBe(401);
    const own = await owner.post('/api/reviews', { trainerId: trainer.id, rating: 5 });
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ message: 'You cannot review your own trainer profile' });
    const client = api.agent();
    await signUpAndLogin(client);
    expect((await client.post('/api/reviews', { trainerId: 999999, rating: 5 })).status).toBe(404);
    const noRating = await client.post('/api/reviews', { trainerId: trainer.id, rating: 0 });
    expect([noRating.status, noRating.body.message]).toEqual([400, 'Please select a rating']);
    expect(await TrainerReview.countDocuments({})).toBe(0);
    expect((await api.agent().get(`/api/trainers/${trainer.id}`)).body).toMatchObject({ rating: 0, reviewCount: 0 });
  });

  it('records the session user whatever userId the body carries; a second review updates the first', async () => {
    const { trainer } = await makeTrainer(api.agent(), { location: 'Leeds' });
    const victim = api.agent();
    const { user: victimUser } = await signUpAndLogin(victim, { firstName: 'Victor' });
    const client = api.agent();
    const { user } = await signUpAndLogin(client, { firstName: 'Cleo', lastName: 'Client' });
    const first = await client.post('/api/reviews', { trainerId: trainer.id, userId: victimUser.id, rating: 2, comment: 'Meh' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ trainerId: trainer.id, rating: 2, comment: 'Meh', user: { id: user.id, firstName: 'Cleo', lastName: 'Client' }, verifiedClient: false });
    const second = await client.post('/api/reviews', { trainerId: trainer.id, userId: victimUser.id, rating: 5, comment: 'Won me over' });
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body).toMatchObject({ rating: 5, comment: 'Won me over' });
    expect(await TrainerReview.countDocuments({ trainerId: trainer.id })).toBe(1);
    expect(await TrainerReview.countDocuments({ userId: victimUser.id })).toBe(0);
    expect((await api.agent().get(`/api/trainers/${trainer.id}`)).body).toMatchObject({ rating: 5, reviewCount: 1 });
  });

  it('keeps rating and reviewCount exact under simultaneous reviews from many clients', async () => {
    const { trainer } = await makeTrainer(api.agent(), { location: 'Leeds' });
    const clients = await Promise.all(
      Array.from({ length: 16 }, async () => {
        const a = api.agent();
        await signUpAndLogin(a);
        return a;
      }),
    );
    const ratings = clients.map((_, i) => (i % 5) + 1);
    const results = await Promise.all(clients.map((c, i) => c.post('/api/reviews', { trainerId: trainer.id, rating: ratings[i] })));
    expect(results.map((r) => r.status)).toEqual(clients.map(() => 201));
    const avg = (xs: number[]) => Math.round((xs.reduce((s, x) => s + x, 0) / xs.length) * 10) / 10;
    expect((await api.agent().get(`/api/trainers/${trainer.id}`)).body).toMatchObject({ reviewCount: 16, rating: avg(ratings) });
    // Everyone changes their mind at once, and the same client double-posts.
    const changed = ratings.map((r) => 6 - r);
    changed[0] = 1;
    const again = await Promise.all([
      ...clients.map((c, i) => c.post('/api/reviews', { trainerId: trainer.id, rating: changed[i] })),
      clients[0].post('/api/reviews', { trainerId: trainer.id, rating: 1 }),
    ]);
    expect(again.every((r) => r.status === 200)).toBe(true);
    expect((await api.agent().get(`/api/trainers/${trainer.id}`)).body).toMatchObject({ reviewCount: 16, rating: avg(changed) });
    expect((await api.agent().get(`/api/trainers/${trainer.id}/reviews`)).body).toHaveLength(16);
  });

  it('lists reviews newest first with names and a verified-client mark when the trainer replied', async () => {
    const t = api.agent();
    const { trainer, user: trainerUser } = await makeTrainer(t, { location: 'Leeds' });
    const a = api.agent();
    const { user: ua } = await signUpAndLogin(a, { firstName: 'Ann' });
    const b = api.agent();
    const { user: ub } = await signUpAndLogin(b, { firstName: 'Ben' });
    const c = api.agent();
    const { user: uc } = await signUpAndLogin(c, { firstName: 'Cat' });
    await a.post('/api/reviews', { trainerId: trainer.id, rating: 5, comment: 'First' });
    await new Promise((r) => setTimeout(r, 15));
    await b.post('/api/reviews', { trainerId: trainer.id, rating: 4, comment: 'Second' });
    await new Promise((r) => setTimeout(r, 15));
    await c.post('/api/reviews', { trainerId: trainer.id, rating: 3 });
    // Through the real messages API. Ann wrote and the trainer replied: verified. Ben only wrote; Cat was only written to.
    const send = async (agent: typeof a, receiverId: number, content: string) =>
      expect((await agent.post('/api/messages', { receiverId, content })).status).toBe(201);
    await send(a, trainerUser.id, 'Hi');
    await send(t, ua.id, 'Hello!');
    await send(b, trainerUser.id, 'Hi');
    await send(t, uc.id, 'Want a session?');
    const r = await api.agent().get(`/api/trainers/${trainer.id}/reviews`);
    expect(r.status).toBe(200);
    expect(r.body.map((x: { user: { firstName: string }; verifiedClient: boolean; comment: string }) => [x.user.firstName, x.verifiedClient, x.comment])).toEqual([
      ['Cat', false, ''],
      ['Ben', false, 'Second'],
      ['Ann', true, 'First'],
    ]);
    expect(Object.keys(r.body[0]).sort()).toEqual(['comment', 'createdAt', 'id', 'rating', 'trainerId', 'updatedAt', 'user', 'verifiedClient']);
    expect((await api.agent().get('/api/trainers/999999/reviews')).status).toBe(404);
    expect((await api.agent().get('/api/trainers/x/reviews')).status).toBe(400);
  });
});
