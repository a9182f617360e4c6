import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Executor } from '../../db/client';
import type { Actor } from '../../principal';
import { auditRepository as repository } from './audit.repository';

export type AuditTarget = { type: string; id: string; label: string };
export type AuditFields = Record<string, unknown> | null;

export type AuditRecord = {
  actor: Actor;
  /** What was done, as `<target type>.<verb>`: `staff.invite`, `team.rename`. */
  action: string;
  target: AuditTarget;
  before?: AuditFields;
  after?: AuditFields;
};

/** Field names that never reach the audit log, whatever a caller passes. */
const SECRET_FIELD = /password|token|secret|hint|hash/i;

function withoutSecrets(fields: AuditFields | undefined): AuditFields {
  if (!fields) return null;
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, SECRET_FIELD.test(key) ? '[redacted]' : value]),
  );
}

export type AuditService = ReturnType<typeof createAuditService>;

export function createAuditService(dependencies: { clock: Clock }) {
  const { clock } = dependencies;
  return {
    /**
     * Records a staff write in the transaction that makes it, so the change and its record land or fail
     * together.
     */
    async record(executor: Executor, record: AuditRecord): Promise<void> {
      await repository.insert(executor, {
        id: randomUUID(),
        at: clock.now(),
        actorId: record.actor.accountId,
        actorEmail: record.actor.email,
        actorRole: record.actor.role,
        action: record.action,
        targetType: record.target.type,
        targetId: record.target.id,
        targetLabel: record.target.label,
        before: withoutSecrets(record.before),
        after: withoutSecrets(record.after),
        requestId: record.actor.requestId ?? null,
      });
    },
  };
}
