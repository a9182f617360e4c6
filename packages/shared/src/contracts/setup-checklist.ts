// zod/mini, like every contract a console page reads (DESIGN §3, ADR 009).
import { z } from 'zod/mini';
import { schema } from './build-schema';

/**
 * What a fresh install needs before creators and staff can use it, in the order an Admin would do it.
 * `payments` is the one that may rightly stay undone: without a payout provider staff pay creators by
 * hand and record each payment as paid.
 */
export const SETUP_CHECKLIST_ITEMS = [
  'terms',
  'genres',
  'agencies',
  'artists',
  'territory',
  'team',
  'staff',
  'email',
  'payments',
] as const;
export type SetupChecklistItemKey = (typeof SETUP_CHECKLIST_ITEMS)[number];

/** The items an install may run without: it is complete when every other item is done. */
export const OPTIONAL_SETUP_ITEMS: ReadonlySet<SetupChecklistItemKey> = new Set(['payments']);

export const setupChecklistItemSchema = schema(() =>
  z.object({
    key: z.enum(SETUP_CHECKLIST_ITEMS),
    /** Read from what the install holds now (a team that is archived no longer counts), never a flag. */
    done: z.boolean(),
    optional: z.boolean(),
  }),
);
export type SetupChecklistItem = z.infer<typeof setupChecklistItemSchema>;

/** GET /server-api/marketing/setup-checklist: an Admin's list of what the install still needs. */
export const setupChecklistResponseSchema = schema(() =>
  z.object({
    items: z.array(setupChecklistItemSchema),
    /** Every item that is not optional is done. */
    complete: z.boolean(),
  }),
);
export type SetupChecklistResponse = z.infer<typeof setupChecklistResponseSchema>;
