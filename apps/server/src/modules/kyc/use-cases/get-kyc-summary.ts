import type { KycSummary } from '../../creator/creator.service';
import type { KycContext } from '../kyc.context';

/** The creator's latest identity check, as the creator module reads it for their account. */
export const getKycSummary = ({ creatorService }: KycContext, creatorId: string): Promise<KycSummary> =>
  creatorService.kycSummary(creatorId);
