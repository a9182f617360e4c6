import type { AuditLogFilters } from '@platform/shared';
import type { SearchableItem } from '../../../components/inputs/searchable-items';

export type AuditFilterValues = {
  /** As typed; the list waits for a pause in typing before searching. */
  search: string;
  actor: SearchableItem | null;
  targetType: string | null;
  /** 'YYYY-MM-DD', a whole day in UTC. */
  from: string | null;
  to: string | null;
};

export type AuditFilterField = keyof AuditFilterValues;

export const NO_AUDIT_FILTERS: AuditFilterValues = {
  search: '',
  actor: null,
  targetType: null,
  from: null,
  to: null,
};

export const hasAuditFilters = (values: AuditFilterValues) =>
  values.search.trim() !== '' ||
  values.actor !== null ||
  values.targetType !== null ||
  values.from !== null ||
  values.to !== null;

/** The filters as the calls take them, with `search` as it stands after the typing pause. */
export function auditFiltersOf(values: AuditFilterValues, search: string): AuditLogFilters {
  return {
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(values.actor ? { actorId: values.actor.id } : {}),
    ...(values.targetType ? { targetType: values.targetType } : {}),
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
  };
}

const FIELD_OF_QUERY: Record<string, AuditFilterField> = {
  search: 'search',
  actorId: 'actor',
  targetType: 'targetType',
  from: 'from',
  to: 'to',
};

/** The server's message for each filter it refused (an end date before the start, say), by field. */
export function filterErrorsOf(
  details: readonly { field: string; message: string }[],
): Partial<Record<AuditFilterField, string>> {
  const errors: Partial<Record<AuditFilterField, string>> = {};
  for (const { field, message } of details) {
    const name = FIELD_OF_QUERY[field];
    if (name && !errors[name]) errors[name] = message;
  }
  return errors;
}
