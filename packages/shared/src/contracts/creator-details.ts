// zod/mini, as every contract the console loads (lists.ts explains the budget).
import { z } from 'zod/mini';
import { schema } from './build-schema';
import { creatorProfileBodySchema, creatorProfileIssues } from './creator';
import { isUuid } from './lists';

export const AUDIENCE_CLUSTER_UNKNOWN =
  'This audience cluster is no longer on the list. Please choose another.';

/**
 * `PATCH /server-api/marketing/creators/{id}`: the details staff correct for a creator, sent whole, with
 * the very field rules and messages of the creator's own profile form (SPEC §5), and its rules across
 * fields: the state and postcode by country, the mobile's digits by dial code. Beside them, the audience
 * cluster staff place the creator in (null: none); left out, it stays as it is.
 */
export const creatorDetailsBodySchema = schema(() => {
  const fields = creatorProfileBodySchema.shape;
  return z
    .object({
      firstName: fields.firstName,
      lastName: fields.lastName,
      dateOfBirth: fields.dateOfBirth,
      gender: fields.gender,
      dialCode: fields.dialCode,
      mobile: fields.mobile,
      address: fields.address,
      audienceClusterId: z.optional(
        z.nullable(
          z
            .string({ error: AUDIENCE_CLUSTER_UNKNOWN })
            .check(z.toLowerCase(), z.refine(isUuid, { error: AUDIENCE_CLUSTER_UNKNOWN })),
        ),
      ),
    })
    .check(
      z.superRefine((details, ctx) => {
        for (const issue of creatorDetailsIssues(details)) {
          ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: details });
        }
      }),
    );
});
export type CreatorDetailsBody = z.input<typeof creatorDetailsBodySchema>;
export type CreatorDetails = z.output<typeof creatorDetailsBodySchema>;

/** The profile form's rules across fields that these details touch (handles and tax are not edited here). */
export function creatorDetailsIssues(details: {
  dialCode: string;
  mobile: string;
  address: { country: string; stateProvince?: string | undefined; postcode: string };
}) {
  return creatorProfileIssues({ ...details, handles: [] });
}
