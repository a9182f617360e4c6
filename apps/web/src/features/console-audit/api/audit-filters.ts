import type { AuditLogQuery } from '@platform/shared';

/** The filters as the calls send them: empty ones are left out of the query string. */
export function auditQueryString(filters: AuditLogQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters) as [string, string | number | undefined][]) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
