import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../adapters/storage/file-storage';
import type { VideoToolOptions } from '../../adapters/video/video-fingerprint';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import type { CampaignsService } from '../campaigns/campaigns.service';
import type { HandleVerificationService } from '../handle-verification/handle-verification.service';
import { originalityRepository } from './originality.repository';

export type OriginalityDependencies = {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  audit: AuditService;
  storage: FileStorage;
  campaignsService: Pick<CampaignsService, 'staffCampaignFacts' | 'creatorCampaignFacts'>;
  /** The creators' handles and how each was proven theirs (ADR 036). */
  handleVerification: Pick<HandleVerificationService, 'ofCreator'>;
  /** Where ffmpeg and ffprobe are, and how long one video may take. */
  videoTools: VideoToolOptions;
};

export type OriginalityContext = OriginalityDependencies & {
  repository: typeof originalityRepository;
  /**
   * Campaign footage that could not be fingerprinted, and when to try it again. Kept by the process: a
   * file ffmpeg cannot read would otherwise be copied and tried every run.
   */
  footageRetryAt: Map<string, number>;
};

export function originalityContext(dependencies: OriginalityDependencies): OriginalityContext {
  return { ...dependencies, repository: originalityRepository, footageRetryAt: new Map() };
}
