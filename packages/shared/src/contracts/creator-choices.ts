import { z } from 'zod/mini';
import { isUuid } from './lists';

/** A lookup's id, in the lower case the database answers with, so that a choice finds its entry. */
export const lookupId = (unknown: string) =>
  z.string({ error: unknown }).check(z.toLowerCase(), z.refine(isUuid, { error: unknown }));

/**
 * A choice from a list staff keep (genres, artists). Empty passes here: at least one is required only
 * while staff offer something to choose, which the list itself cannot tell (`choiceMissing`, ADR 033).
 */
export const uuidList = (max: number, required: string, tooMany: string, unknown: string) =>
  z.array(lookupId(unknown), { error: required }).check(z.maxLength(max, { error: tooMany }));
