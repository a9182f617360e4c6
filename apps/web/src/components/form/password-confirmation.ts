import { REQUIRED_MESSAGE } from '@platform/shared';
import { z } from 'zod';

// SPEC §5 names the confirm-match rule ("equals a reference field") but gives it no message.
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match';

export const confirmPasswordSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .min(1, { error: REQUIRED_MESSAGE });
