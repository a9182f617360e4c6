import type { FastifyBaseLogger } from 'fastify';
import type { ExternalKycProvider } from '../../adapters/kyc/kyc-provider';
import type { FileStorage } from '../../adapters/storage/file-storage';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import type { CreatorService } from '../creator/creator.service';
import type { EmailService } from '../email/email.service';
import type { NotificationsService } from '../notifications/notifications.service';

export type KycDependencies = {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  storage: FileStorage;
  audit: AuditService;
  creatorService: CreatorService;
  /** Where Support is told of checks waiting for them (ADR 031). */
  notificationsService: Pick<NotificationsService, 'notifyStaff'>;
  /** Onfido when it is configured; otherwise staff check the documents themselves. */
  external: ExternalKycProvider | null;
  webhookToken: string | undefined;
  publicUrl: string;
  emailService: EmailService;
};

/** What every identity-check use case is given: the module's dependencies and what it decided once. */
export type KycContext = KycDependencies & {
  provider: 'onfido' | 'built-in';
  /** A webhook refused for want of Onfido is logged once, not on every call. */
  warnings: { webhookIsOff: boolean };
};

export function kycContext(dependencies: KycDependencies): KycContext {
  return {
    ...dependencies,
    provider: dependencies.external ? 'onfido' : 'built-in',
    warnings: { webhookIsOff: false },
  };
}
