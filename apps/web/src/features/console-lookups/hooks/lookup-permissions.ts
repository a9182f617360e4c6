import { can, type AccountRole } from '@platform/shared';

export interface LookupPermissions {
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

/** Lookups come under ALL (ADR 013): in practice only an Admin manages them; every staff role reads them. */
export function lookupPermissions(role: AccountRole): LookupPermissions {
  return {
    canCreate: can(role, 'CREATE', 'ALL'),
    canEdit: can(role, 'EDIT', 'ALL'),
    canDelete: can(role, 'DELETE', 'ALL'),
  };
}
