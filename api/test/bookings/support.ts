import type { AvailabilityBodyInput } from '@fitconnect/contracts';
import { signUpAndLogin, type Agent, type TestApi } from '../helpers';
import { makeTrainer } from '../trainers/support';

/** A clock the tests move (the API reads "now" from deps.clock). */
export function drivenClock(startIso: string) {
  let t = Date.parse(startIso);
  return {
    now: () => new Date(t),
    set: (iso: string) => {
      t = Date.parse(iso);
    },
    advance: (ms: number) => {
      t += ms;
    },
  };
}

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/** Every day 09:00-17:00 London, 60-minute sessions, 15-minute buffer, 24 h notice; online and in person. */
export const WEEK: AvailabilityBodyInput = {
  timeZone: 'Europe/London',
  sessionMinutes: 60,
  bufferMinutes: 15,
  minNoticeHours: 24,
  maxAdvanceDays: 60,
  windows: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '17:00', online: true, inPerson: weekday !== 7 })),
  daysOff: [],
  requiresConfirmation: true,
};

/** A trainer (signed in on a fresh agent) with `schedule` set. */
export async function trainerWith(api: TestApi, schedule: AvailabilityBodyInput = WEEK, firstName = 'Tara') {
  const agent = api.agent();
  const { trainer, user } = await makeTrainer(agent, { location: 'Leeds', firstName });
  const r = await agent.put(`/api/trainers/${trainer.id}/availability`, schedule);
  if (r.status !== 200) throw new Error(`availability failed: ${r.status} ${r.text}`);
  return { agent, trainer: trainer as { id: number; userId: number }, user };
}

export async function client(api: TestApi, firstName = 'Cara'): Promise<{ agent: Agent; user: { id: number }; email: string }> {
  const agent = api.agent();
  const { user, email } = await signUpAndLogin(agent, { firstName });
  return { agent, user, email };
}
