import type { LookupKind } from '@platform/shared';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AuditService } from '../audit/audit.service';

/**
 * Tells which of `ids` something outside this module still points at (a creator's chosen genre, say). A
 * module that keeps lookup ids registers one for each kind it uses, so that deleting such a lookup
 * archives it instead. Its table should reference lookups without ON DELETE CASCADE: a delete that
 * still trips over a reference then archives as well.
 */
export type LookupUsageCheck = (ids: readonly string[]) => Promise<Set<string>>;

export type LookupsDependencies = { db: Database; clock: Clock; audit: AuditService };

/** What every lookups use case is given: the dependencies, and the usage checks other modules registered. */
export type LookupsContext = LookupsDependencies & { usageChecks: Map<LookupKind, LookupUsageCheck[]> };
