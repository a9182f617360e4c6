import { bindUseCases } from '../use-cases';
import { originalityContext, type OriginalityDependencies } from './originality.context';
import { checkEntryVideos } from './use-cases/check-entry-videos';
import { clearMatch } from './use-cases/clear-match';
import { entryChecks } from './use-cases/entry-checks';
import { entryPosters } from './use-cases/entry-posters';
import { fingerprintFootage } from './use-cases/fingerprint-footage';
import { holdUnclearedApproval } from './use-cases/hold-approval';

export type { OriginalityDependencies } from './originality.context';
export { ORIGINALITY_MESSAGES } from './originality-messages';

/**
 * Uploaded entries compared with every other creator's and with the campaign's own footage (ADR 036):
 * fingerprints taken in the background, approvals held while a video is being compared or resembles
 * another until a reviewer clears it, and what the review screen shows of each entry.
 */
export function createOriginalityService(dependencies: OriginalityDependencies) {
  return bindUseCases(originalityContext(dependencies), {
    checkEntryVideos,
    fingerprintFootage,
    holdUnclearedApproval,
    entryChecks,
    clearMatch,
    entryPosters,
  });
}

export type OriginalityService = ReturnType<typeof createOriginalityService>;
