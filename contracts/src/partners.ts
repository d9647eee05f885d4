import { z } from './zod';

// Partner sites that embed the trainer finder (issue 16). A partner id is given out by the team
// (`npm run partners -- add <id> <name>`); the finder sends it with impression and click beacons.

/** Lower-case letters, digits and '-', 2 to 40 characters, starting with a letter or digit. */
export const PartnerId = z
  .string()
  .check(z.regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'A partner id is 2 to 40 lower-case letters, digits or dashes'));
export type PartnerId = z.infer<typeof PartnerId>;

/** What the finder reports: a result page shown, a search made by the visitor, a card clicked (issue 33 adds 'search'). */
export const PARTNER_EVENT_KINDS = ['impression', 'click', 'search'] as const;
export type PartnerEventKind = (typeof PARTNER_EVENT_KINDS)[number];

/**
 * POST /api/partners/events. Sent by the embedded finder as a CORS-simple request (Content-Type
 * text/plain carrying this JSON; application/json is accepted too). `trainerId` is the card clicked.
 */
export const PartnerEventBody = z
  .object({
    partner: PartnerId,
    kind: z.enum(PARTNER_EVENT_KINDS, { message: 'kind must be impression, click or search' }),
    trainerId: z.optional(z.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER))),
  });
export type PartnerEventBody = z.infer<typeof PartnerEventBody>;

/** The largest beacon body accepted (bytes). */
export const PARTNER_EVENT_MAX_BYTES = 1024;
