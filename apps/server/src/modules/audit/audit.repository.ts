import { auditLog } from '../../db/schema/index';
import type { Executor } from '../../db/client';

export type AuditEntry = typeof auditLog.$inferSelect;

export const auditRepository = {
  async insert(executor: Executor, entry: AuditEntry): Promise<void> {
    await executor.insert(auditLog).values(entry);
  },
};
