import { createLookupBodySchema, updateLookupBodySchema, type LookupKind } from '@platform/shared';
import { useMemo } from 'react';
import type { EntryHandlers } from '../../../components/inputs/use-entry-actions';
import type { SearchItems } from '../../../components/inputs/searchable-items';
import { useCreateLookup } from '../api/create-lookup';
import { searchLookups, toSearchableItem } from '../api/list-lookups';
import { useUpdateLookup } from '../api/update-lookup';
import type { LookupPermissions } from './lookup-permissions';
import type { LookupDeletion } from './use-lookup-deletion';

/** The first message of a failed check: the dropdown shows it without asking the server. */
function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

/**
 * Search, add, rename and delete for a searchable dropdown of one kind, through the same calls and rules
 * as the table; each action is offered only to those who may take it.
 */
export function useLookupEntries(
  kind: LookupKind,
  permissions: LookupPermissions,
  deletion: LookupDeletion,
  questionId?: string,
): EntryHandlers & { search: SearchItems } {
  const create = useCreateLookup(kind);
  const update = useUpdateLookup(kind);
  const search = useMemo(() => searchLookups(kind, questionId), [kind, questionId]);

  const onAdd = async (name: string) => {
    const body = { name, ...(questionId ? { questionId } : {}) };
    const problem = firstIssue(createLookupBodySchema.safeParse(body));
    if (problem) throw new Error(problem);
    return toSearchableItem(await create.mutateAsync(body));
  };
  const onEdit = async (item: { id: string }, newName: string) => {
    const problem = firstIssue(updateLookupBodySchema.safeParse({ name: newName }));
    if (problem) throw new Error(problem);
    return toSearchableItem(await update.mutateAsync({ id: item.id, body: { name: newName } }));
  };
  const onDelete = (item: { id: string; name: string }) => deletion.ask(item);

  return {
    search,
    ...(permissions.canCreate ? { onAdd } : {}),
    ...(permissions.canEdit ? { onEdit } : {}),
    ...(permissions.canDelete ? { onDelete } : {}),
  };
}
