import { CreateChallengeBody, ExerciseQuery, LoginBody, TrainerProfileBody } from '../src';

// The contracts are zod/mini schemas (src/zod.ts). zod/mini sets no error-message locale by itself, so
// without src/zod.ts's English every rule without a text of its own would say 'Invalid input', in the
// forms and in the API's 400 answers. (This test file loads no classic zod, which would set English too.)
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message);

it("keeps zod's English messages for rules without a custom text", () => {
  // The texts below are what the same rules gave with classic zod.
  expect(messages(LoginBody.safeParse({ username: 'x'.repeat(65), password: 'p' }))).toEqual(['Too big: expected string to have <=64 characters']);
  expect(messages(ExerciseQuery.safeParse({ pageSize: '1.5' }))).toEqual(['Invalid input: expected int, received number']);
  expect(messages(CreateChallengeBody.safeParse({ target: 2e9 }))).toEqual([
    'Invalid input: expected string, received undefined',
    'Invalid input: expected string, received undefined',
    'Please choose a challenge type',
    'Target must be at least 1',
    'Invalid input: expected string, received undefined',
    'Please enter a valid date',
    'Please enter a valid date',
    'Please choose a difficulty',
    'Please choose a category',
  ]);
});

it('keeps the custom texts and the parsed output (transforms, defaults)', () => {
  const r = TrainerProfileBody.safeParse({
    specialization: ' Yoga ',
    description: 'x'.repeat(20),
    yearsOfExperience: '4',
    specialties: 'Yoga, Pilates ,',
    sessionPrice: '',
    instagramHandle: '@fit.jo',
  });
  expect(r.success && r.data).toEqual({
    specialization: 'Yoga',
    description: 'x'.repeat(20),
    yearsOfExperience: 4,
    specialties: ['Yoga', 'Pilates'],
    certifications: [],
    education: '',
    sessionPrice: null,
    availableOnline: false,
    availableInPerson: false,
    instagramHandle: 'fit.jo',
    twitterHandle: '',
    websiteUrl: '',
  });
  expect(messages(TrainerProfileBody.safeParse({ specialization: 'Yoga', description: 'x'.repeat(20), yearsOfExperience: 1.5, specialties: [], websiteUrl: 'ftp://x' }))).toEqual([
    'Please enter a whole number',
    'Please enter at least one specialty',
    'Please enter a website starting with http:// or https://',
  ]);
});
