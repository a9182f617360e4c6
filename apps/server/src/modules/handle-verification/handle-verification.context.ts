import type { FastifyBaseLogger } from 'fastify';
import type { CreatorPlatform } from '@platform/shared';
import type { RateLimiter } from '../../adapters/rate-limit/rate-limiter';
import type { SocialAccounts } from '../../adapters/social-accounts/social-accounts';
import type { FileStorage } from '../../adapters/storage/file-storage';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { SealingKey } from '../../sealing';
import type { AuditService } from '../audit/audit.service';
import type { CreatorService } from '../creator/creator.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { handleVerificationRepository } from './handle-verification.repository';

export type HandleVerificationDependencies = {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  audit: AuditService;
  storage: FileStorage;
  rateLimiter: RateLimiter;
  creatorService: Pick<CreatorService, 'own'>;
  notificationsService: Pick<NotificationsService, 'notifyStaff'>;
  /** The platforms' OAuth and bio readers this install was configured with. */
  socialAccounts: SocialAccounts;
  /** The platforms whose public bios this install's credentials can read. */
  readableBios: ReadonlySet<CreatorPlatform>;
  /** Seals connected accounts' tokens and the PKCE verifiers at rest. */
  tokenKey: SealingKey;
  /** Where the web app takes the platform's redirect back (`<PUBLIC_URL>/account/connected`). */
  oauthRedirectUri: string;
};

export type HandleVerificationContext = HandleVerificationDependencies & {
  repository: typeof handleVerificationRepository;
};

export function handleVerificationContext(
  dependencies: HandleVerificationDependencies,
): HandleVerificationContext {
  return { ...dependencies, repository: handleVerificationRepository };
}
