/**
 * Issue 26, public locations: people type a full postcode into their location ("Glasgow, G12 8QQ"). Anyone
 * can read a challenge's participants and the trainer directory, so those show the town and at most the
 * postcode's outward part ("Glasgow, G12"), never the inward part that narrows it to a few houses. The
 * owner still sees what they typed.
 */
import { startTestApi, signUpAndLogin, type TestApi } from '../helpers';
import { publicLocation } from '../../src/users/presenter';
import { PROFILE } from '../trainers/support';

jest.setTimeout(60_000);
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.stop();
});

const day = 86_400_000;
const LOCATIONS = ['Glasgow, G12 8QQ', 'G128QQ Glasgow', 'glasgow g12 8qq', 'London SW1A 1AA'];
const INWARD = /8QQ|1AA/i;

it('cuts a full UK postcode to its outward part, with or without comma and space', () => {
  expect(publicLocation('Glasgow, G12 8QQ')).toBe('Glasgow, G12');
  expect(publicLocation('G128QQ Glasgow')).toBe('G12 Glasgow');
  expect(publicLocation('London SW1A 1AA')).toBe('London SW1A');
  expect(publicLocation('EC1A-1BB')).toBe('EC1A');
  // Towns and outward codes alone are left as they are.
  expect(publicLocation('Leeds, LS1')).toBe('Leeds, LS1');
  expect(publicLocation('Newcastle upon Tyne')).toBe('Newcastle upon Tyne');
  expect(publicLocation('')).toBe('');
});

it("a challenge's participants (read by anyone) never show a postcode's inward part", async () => {
  const owner = api.agent();
  await signUpAndLogin(owner, { location: 'York' });
  const created = await owner.post('/api/challenges', {
    title: 'Postcode Walk', description: 'Walking with the neighbours this week.', type: 'steps', target: 1000, unit: 'steps',
    startDate: new Date().toISOString(), endDate: new Date(Date.now() + 7 * day).toISOString(), difficulty: 'easy', category: 'general', maxParticipants: '',
  });
  expect(created.status).toBe(201);
  for (const location of LOCATIONS) {
    const a = api.agent();
    await signUpAndLogin(a, { location });
    expect((await a.post(`/api/challenges/${created.body.id}/join`)).status).toBeLessThan(300);
  }
  const r = await api.agent().get(`/api/challenges/${created.body.id}/participants`);
  expect(r.status).toBe(200);
  expect(r.text).not.toMatch(INWARD);
  const shown = (Array.isArray(r.body) ? r.body : r.body.participants ?? r.body.items).map((p: { user: { location: string } }) => p.user.location).sort();
  expect(shown).toEqual(['G12 Glasgow', 'Glasgow, G12', 'London SW1A', 'glasgow g12'].sort());
});

it("a trainer's public profile and the directory show the postcode district; the trainer sees their full location", async () => {
  const t = api.agent();
  await signUpAndLogin(t, { isTrainer: true, location: 'Glasgow, G12 8QQ', firstName: 'Gail' });
  const created = await t.post('/api/trainers/profile', { ...PROFILE, location: 'G128QQ Glasgow' });
  expect(created.status).toBe(201);
  expect(created.body.user.location).toBe('G128QQ Glasgow');
  expect((await t.get('/api/trainers/me')).body.user.location).toBe('G128QQ Glasgow');
  // The edit page loads /api/trainers/:id: the owner gets the full text, so a save keeps it.
  expect((await t.get(`/api/trainers/${created.body.id}`)).body.user.location).toBe('G128QQ Glasgow');

  const anyone = api.agent();
  const profile = await anyone.get(`/api/trainers/${created.body.id}`);
  expect(profile.body.user.location).toBe('G12 Glasgow');
  for (const path of ['/api/trainers', '/api/trainers?location=Glasgow', '/api/trainers?location=G12', `/api/trainers/${created.body.id}`]) {
    const r = await anyone.get(path);
    expect(r.status).toBe(200);
    expect(r.text).not.toMatch(INWARD);
  }
  // Found near its district as before (the distance comes from the stored point, not the shown text).
  const near = await anyone.get('/api/trainers?location=G12');
  expect(near.body.map((x: { id: number }) => x.id)).toContain(created.body.id);
});
