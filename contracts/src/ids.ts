import { z } from './zod';

/** Route ids are positive integers (SPEC routes parse ids as numbers). */
export const IdParam = z.coerce
  .number({ message: 'Id must be a number' })
  .check(z.int('Id must be a whole number'), z.positive('Id must be a positive number'), z.lte(Number.MAX_SAFE_INTEGER));

/** Parse a route id the way the client does: a number above 0, else null (no call is made). */
export function parseRouteId(raw: string | undefined | null): number | null {
  const r = IdParam.safeParse(raw ?? '');
  return r.success ? r.data : null;
}
