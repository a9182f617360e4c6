import type { KycDecision } from '@platform/shared';
import { isApiError } from '../../../lib/api-client';

/** The decisions that need a reason the creator reads. */
export type ReasonedDecision = Exclude<KycDecision, 'approve'>;

/** The check was decided elsewhere meanwhile (another reviewer, the provider): nothing to retry. */
export const isNoLongerWaiting = (error: unknown) => isApiError(error) && error.status === 409;
