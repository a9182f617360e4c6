import {
  choiceMissing,
  CREATOR_MESSAGES,
  creatorProfileBodySchema,
  creatorProfileIssues,
  type CreatorProfileBody,
} from '@platform/shared';
import { z } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

/**
 * The shared schema's checks, and its rules across fields whatever else is wrong. zod runs an object's
 * own rules only once none of its fields has failed outright (an empty required field, a gender not yet
 * chosen), so on its own a wrong postcode or mobile number would say nothing until the rest of the form
 * was complete.
 */
const everyRule = (genresOffered: () => boolean) =>
  z.superRefine((value: unknown, ctx) => {
    const profile = value as CreatorProfileBody;
    if (Array.isArray(profile.genreIds) && choiceMissing(profile.genreIds, genresOffered())) {
      ctx.addIssue({
        code: 'custom',
        message: CREATOR_MESSAGES.genresRequired,
        path: ['genreIds'],
        input: profile,
      });
    }
    const shared = creatorProfileBodySchema.safeParse(profile);
    if (shared.success) return;
    const reported = new Set<string>();
    for (const issue of shared.error.issues) {
      reported.add(issue.path.join('.'));
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: profile });
    }
    for (const issue of creatorProfileIssues(profile)) {
      if (reported.has(issue.path.join('.'))) continue;
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: profile });
    }
  });

/**
 * The profile form's schema: its messages show as each field is left. What it passes on is what the
 * creator typed; the server applies the shared schema to it again. Built from zod/mini parts other pages
 * already load (no pipe, no custom type), so that no form page downloads more of zod for it (ADR 009).
 * A genre is required while `genresOffered` says staff have added some (ADR 033), asked at each check
 * since the list loads after the form.
 */
export const profileFormSchemaWith = (genresOffered: () => boolean) =>
  z.unknown().check(everyRule(genresOffered)) as unknown as $ZodType<CreatorProfileBody, CreatorProfileBody>;
