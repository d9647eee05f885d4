import {
  TrainerListQuery,
  TrainerProfileBody,
  TrainerProfilePatch,
  TrainerSpecialtiesBody,
  formatDistanceMiles,
  trainerListSearchParams,
} from '@fitconnect/contracts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('TrainerListQuery', () => {
  it('gives defaults and reads query-string values', () => {
    expect(TrainerListQuery.parse({})).toEqual({ online: false, inPerson: false, page: 1, limit: 12 });
    expect(TrainerListQuery.parse({ location: ' LS6 2AB ', online: 'true', inPerson: 'false', maxPrice: '40', specialty: 'yoga', minRating: '4.5', sort: 'price', page: '3', limit: '48' })).toEqual({
      location: 'LS6 2AB', online: true, inPerson: false, maxPrice: 40, specialty: 'yoga', minRating: 4.5, sort: 'price', page: 3, limit: 48,
    });
  });
  it('treats empty fields as not given and refuses nonsense', () => {
    expect(TrainerListQuery.parse({ location: '', maxPrice: '', sort: '', page: '' })).toEqual({ online: false, inPerson: false, page: 1, limit: 12 });
    for (const bad of [{ limit: '49' }, { page: '0' }, { online: 'yes' }, { sort: 'name' }, { minRating: '0' }, { maxPrice: '-1' }, { location: 'x'.repeat(101) }])
      expect(TrainerListQuery.safeParse(bad).success).toBe(false);
  });
  it('round-trips through the URL the page and the API share', () => {
    const q = { location: 'King’s Lynn', online: true, maxPrice: 50, specialty: 'HIIT', minRating: 4, sort: 'rating' as const, page: 2 };
    const params = trainerListSearchParams(q);
    expect(params.toString()).toBe('location=King%E2%80%99s+Lynn&online=true&maxPrice=50&specialty=HIIT&minRating=4&sort=rating&page=2');
    expect(TrainerListQuery.parse(Object.fromEntries(params))).toMatchObject(q);
    expect(trainerListSearchParams({ page: 1, limit: 12, online: false }).toString()).toBe('');
  });
});

describe('profile bodies', () => {
  const base = { specialization: 'Yoga', description: 'x'.repeat(20), yearsOfExperience: 3, specialties: 'Yoga' };
  it('validates handles and website', () => {
    expect(TrainerProfileBody.parse({ ...base, instagramHandle: '@my.handle_1', twitterHandle: '@me_1', websiteUrl: 'http://a.example' })).toMatchObject({
      instagramHandle: 'my.handle_1', twitterHandle: 'me_1', websiteUrl: 'http://a.example',
    });
    expect(messages(TrainerProfileBody.safeParse({ ...base, websiteUrl: 'data:text/html,hi' }))).toEqual(['Please enter a website starting with http:// or https://']);
    expect(messages(TrainerProfileBody.safeParse({ ...base, websiteUrl: 'https://localhost' }))).toEqual(['Please enter a website starting with http:// or https://']);
    expect(messages(TrainerProfileBody.safeParse({ ...base, instagramHandle: 'no spaces' }))).toEqual(['Please enter a valid Instagram handle']);
  });
  it('PATCH leaves out what was not sent and applies the same rules to what was', () => {
    expect(TrainerProfilePatch.parse({})).toEqual({});
    expect(TrainerProfilePatch.parse({ sessionPrice: '' })).toEqual({ sessionPrice: null });
    expect(messages(TrainerProfilePatch.safeParse({ description: 'short' }))).toEqual(['Please provide a more detailed description of your services']);
    expect(messages(TrainerProfilePatch.safeParse({ yearsOfExperience: 1.5 }))).toEqual(['Please enter a whole number']);
    expect(TrainerSpecialtiesBody.parse({ specialties: 'A, B,,' })).toEqual({ specialties: ['A', 'B'] });
    expect(messages(TrainerSpecialtiesBody.safeParse({ specialties: [] }))).toEqual(['Please enter at least one specialty']);
  });
});

it('says distances as "about N miles"', () => {
  expect(formatDistanceMiles(0.4)).toBe('less than a mile');
  expect(formatDistanceMiles(1.2)).toBe('about 1 mile');
  expect(formatDistanceMiles(2.6)).toBe('about 3 miles');
});
