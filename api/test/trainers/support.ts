import type { Agent } from '../helpers';
import { signUpAndLogin } from '../helpers';

export const PROFILE = {
  specialization: 'Strength & Conditioning',
  description: 'Barbell strength coaching for beginners and returners, in the gym or online.',
  yearsOfExperience: 6,
  specialties: 'Strength, Powerlifting',
  certifications: 'Level 3 PT',
  education: 'BSc Sport Science',
  sessionPrice: 40,
  availableOnline: true,
  availableInPerson: true,
};

/** A fresh trainer account (signed in on `agent`) with a profile; returns the trainer and its user. */
export async function makeTrainer(agent: Agent, opts: { location: string; profile?: Record<string, unknown>; firstName?: string }) {
  const { user } = await signUpAndLogin(agent, { isTrainer: true, location: opts.location, firstName: opts.firstName ?? 'Terry' });
  const res = await agent.post('/api/trainers/profile', { ...PROFILE, ...opts.profile });
  if (res.status !== 201) throw new Error(`profile failed: ${res.status} ${res.text}`);
  return { trainer: res.body, user };
}

/** Private things that must never appear in a public trainer or review response. */
export function expectNoPrivateFields(text: string, emails: string[] = []) {
  for (const key of ['"_id"', '"__v"', '"email"', '"point"', '"photoFileId"', '"thumbFileId"', '"priceSort"', '"ratingVersion"', '"ratedVersion"', '"passwordHash"'])
    if (text.includes(key)) throw new Error(`response leaks ${key}: ${text.slice(0, 300)}`);
  for (const e of emails) if (text.toLowerCase().includes(e.toLowerCase())) throw new Error(`response leaks an email address ${e}`);
}
