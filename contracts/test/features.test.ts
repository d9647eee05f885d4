import { CreateChallengeBody, LogProgressBody, challengeTiming, CreateCommunityReviewBody, TrainerProfileBody, TrainerReviewBody } from '../src';

const msgs = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('CreateChallengeBody', () => {
  const ok = {
    title: 'Step it up', description: 'Walk every single day', type: 'steps', target: 10000, unit: 'steps',
    startDate: '2026-01-01T00:00:00Z', endDate: '2026-01-08T00:00:00Z', difficulty: 'medium', category: 'general',
  };
  it('accepts a valid challenge; empty maxParticipants means unlimited', () => {
    const r = CreateChallengeBody.safeParse({ ...ok, maxParticipants: '' });
    expect(r.success && r.data.maxParticipants).toBe(null);
    expect(r.success && r.data.startDate instanceof Date).toBe(true);
  });
  it('puts the date-order message on endDate', () => {
    const r = CreateChallengeBody.safeParse({ ...ok, endDate: ok.startDate });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ['endDate'], message: 'End date must be after start date' });
  });
  it('uses the SPEC messages', () => {
    expect(msgs(CreateChallengeBody.safeParse({ ...ok, title: 'ab', description: 'short', target: 0, unit: '' }))).toEqual(
      expect.arrayContaining(['Title must be at least 3 characters', 'Description must be at least 10 characters', 'Target must be at least 1', 'Unit is required']),
    );
  });
});

describe('LogProgressBody', () => {
  it('needs an amount above 0 and drops an empty note', () => {
    expect(msgs(LogProgressBody.safeParse({ progress: 0 }))).toContain('Please enter a valid progress amount.');
    const r = LogProgressBody.safeParse({ progress: 5, note: '   ' });
    expect(r.success && r.data.note).toBeUndefined();
  });
});

describe('challengeTiming', () => {
  const s = new Date('2026-01-01T00:00:00Z');
  const e = new Date('2026-01-08T00:00:00Z');
  it.each([
    ['2025-12-31T23:59:59Z', 'upcoming'],
    ['2026-01-01T00:00:00Z', 'active'],
    ['2026-01-08T00:00:00Z', 'active'],
    ['2026-01-08T00:00:01Z', 'ended'],
  ])('%s -> %s', (now, want) => expect(challengeTiming(s, e, new Date(now))).toBe(want));
});

describe('CreateCommunityReviewBody', () => {
  it('enforces title 5-100 and comment 10-1000 and the category list', () => {
    expect(CreateCommunityReviewBody.safeParse({ rating: 5, title: 'Great', comment: 'Really good app', category: 'platform' }).success).toBe(true);
    expect(CreateCommunityReviewBody.safeParse({ rating: 5, title: 'Bad', comment: 'short', category: 'all' }).error!.issues).toHaveLength(3);
  });
});

describe('TrainerProfileBody', () => {
  it('splits comma-separated specialties and explains a short description', () => {
    const r = TrainerProfileBody.safeParse({ specialization: 'Yoga', description: 'x'.repeat(20), yearsOfExperience: '4', specialties: 'Yoga, Pilates ,' });
    expect(r.success && r.data.specialties).toEqual(['Yoga', 'Pilates']);
    expect(msgs(TrainerProfileBody.safeParse({ specialization: 'Yoga', description: 'too short', yearsOfExperience: 1, specialties: '' }))).toEqual(
      expect.arrayContaining(['Please provide a more detailed description of your services', 'Please enter at least one specialty']),
    );
  });
  it('rating must be chosen', () => {
    expect(msgs(TrainerReviewBody.safeParse({ trainerId: 1, rating: 0 }))).toContain('Please select a rating');
  });
});
