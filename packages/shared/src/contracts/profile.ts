import { z } from 'zod';
import { ONBOARDING_STATUSES } from '../vocabulary/creator';
import { ACCOUNT_ROLES } from '../vocabulary/roles';

export const profileResponseSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  emailVerified: z.boolean(),
  status: z.enum(ONBOARDING_STATUSES),
  role: z.enum(ACCOUNT_ROLES),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
