import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../adapters/storage/file-storage';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import { viewValidationRepository } from './view-validation.repository';

export type HoldOutcome = 'ACCEPTED' | 'EXCLUDED' | 'REJECTED';

/** A hold decided by staff, announced in the decision's transaction. */
export type HoldDecided = {
  holdId: string;
  entryId: string;
  outcome: HoldOutcome;
  /** The views taken off the entry's figure (EXCLUDED only). */
  excludedViews: number | null;
  /** Why, in the words staff gave (the rejection's reason code, the exclusion's reason, or the note). */
  reason: string | null;
};

/** What a higher module does in a decision's transaction (payments: clawback of what was paid). */
export type HoldDecidedListener = (tx: Executor, decided: HoldDecided) => Promise<void>;

export type ViewValidationDependencies = {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  audit: AuditService;
  storage: FileStorage;
};

export type ViewValidationContext = ViewValidationDependencies & {
  repository: typeof viewValidationRepository;
  /** What higher modules do in each decision's transaction. */
  decidedListeners: HoldDecidedListener[];
};

export function viewValidationContext(dependencies: ViewValidationDependencies): ViewValidationContext {
  return { ...dependencies, repository: viewValidationRepository, decidedListeners: [] };
}
