import { z } from './zod';

/** What the outside sees of a user (SPEC §3). Never a hash, an _id or an internal field. */
export const PublicUser = z.object({
  id: z.number().check(z.int(), z.positive()),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  location: z.string(),
  isTrainer: z.boolean(),
  promoTrainer: z.boolean(),
  trainerNumber: z.nullable(z.number().check(z.int(), z.positive())),
});
export type PublicUser = z.infer<typeof PublicUser>;

/** GET /api/auth/user: `{ user }` when signed in, `{ user: null }` when signed out. */
export const CurrentUserResponse = z.object({ user: z.nullable(PublicUser) });
export type CurrentUserResponse = z.infer<typeof CurrentUserResponse>;

/** Error body of every non-2xx API answer. `issues` only on 400 validation errors. */
export const ApiErrorBody = z.object({
  message: z.string(),
  issues: z.optional(z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
