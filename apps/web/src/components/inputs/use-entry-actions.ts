import { AUTH_MESSAGES } from '@platform/shared';
import { useState } from 'react';
import type { SearchableItem } from './searchable-items';

/**
 * Optional management of the entries behind a dropdown. Each handler's promise settles when the server
 * has answered; a rejection's Error message is shown in the dropdown. Resolving `onAdd` or `onEdit` with
 * the stored entry lets the field select or rename it exactly as the server has it.
 */
export interface EntryHandlers {
  onAdd?: (name: string) => Promise<SearchableItem | void>;
  onEdit?: (item: SearchableItem, newName: string) => Promise<SearchableItem | void>;
  /** May ask for confirmation first: resolving `false` means nothing was deleted. */
  onDelete?: (item: SearchableItem) => Promise<boolean | void>;
}

export type EntryBusy = { action: 'add' } | { action: 'edit' | 'delete'; id: string };

export interface EntryEffects {
  /** The list changed on the server: search again. */
  refresh: () => void;
  onAdded: (item: SearchableItem | undefined) => void;
  onRenamed: (item: SearchableItem) => void;
  onDeleted: (item: SearchableItem) => void;
}

export interface EntryActions {
  canAdd: boolean;
  canEdit: boolean;
  canDelete: boolean;
  busy: EntryBusy | null;
  failure: string | null;
  editingId: string | null;
  startEditing: (id: string) => void;
  stopEditing: () => void;
  add: (name: string) => Promise<boolean>;
  rename: (item: SearchableItem, newName: string) => Promise<boolean>;
  remove: (item: SearchableItem) => Promise<boolean>;
  /** Forgets an unfinished edit and the last failure, as when the dropdown closes. */
  reset: () => void;
}

function failureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : AUTH_MESSAGES.unknownError;
}

export function useEntryActions(
  { onAdd, onEdit, onDelete }: EntryHandlers,
  effects: EntryEffects,
): EntryActions {
  const [busy, setBusy] = useState<EntryBusy | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);

  async function perform<Result>(
    next: EntryBusy,
    work: () => Promise<Result>,
    onDone: (result: Result) => void,
  ): Promise<boolean> {
    setBusy(next);
    setFailure(null);
    try {
      onDone(await work());
      effects.refresh();
      return true;
    } catch (error) {
      setFailure(failureMessage(error));
      return false;
    } finally {
      setBusy(null);
    }
  }

  return {
    canAdd: Boolean(onAdd),
    canEdit: Boolean(onEdit),
    canDelete: Boolean(onDelete),
    busy,
    failure,
    editingId,
    startEditing: (id) => {
      setFailure(null);
      setEditingId(id);
    },
    stopEditing: () => setEditingId(null),
    add: async (name) => {
      if (!onAdd) return false;
      return perform(
        { action: 'add' },
        () => onAdd(name),
        (added) => effects.onAdded(added ?? undefined),
      );
    },
    rename: async (item, newName) => {
      if (!onEdit) return false;
      return perform(
        { action: 'edit', id: item.id },
        () => onEdit(item, newName),
        (renamed) => {
          setEditingId(null);
          effects.onRenamed(renamed ?? { ...item, name: newName });
        },
      );
    },
    remove: async (item) => {
      if (!onDelete) return false;
      return perform(
        { action: 'delete', id: item.id },
        () => onDelete(item),
        (deleted) => {
          if (deleted !== false) effects.onDeleted(item);
        },
      );
    },
    reset: () => {
      setEditingId(null);
      setFailure(null);
    },
  };
}
