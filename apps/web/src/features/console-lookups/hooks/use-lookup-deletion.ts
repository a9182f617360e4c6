import { LOOKUP_KIND_NAMES, type LookupDeleteOutcome, type LookupKind } from '@platform/shared';
import { useState } from 'react';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { failureText } from '../../../components/feedback/failure';
import { useDeleteLookup } from '../api/delete-lookup';

export interface DeletionTarget {
  id: string;
  name: string;
}

/** The toast after a delete: the server decided whether the lookup was deleted or archived. */
export function showDeletionToast(kind: LookupKind, name: string, outcome: LookupDeleteOutcome): void {
  const singular = LOOKUP_KIND_NAMES[kind].singular;
  if (outcome === 'archived') {
    showSuccessToast(
      `The ${singular} “${name}” stays with what already uses it; creators no longer see it.`,
      'Archived because it is in use',
    );
  } else {
    showSuccessToast(`The ${singular} “${name}” has been deleted.`, 'Deleted');
  }
}

/**
 * Asks before deleting a lookup, from the table or from a dropdown: `ask` resolves true once it is deleted
 * or archived, false if the person changed their mind.
 */
export function useLookupDeletion(kind: LookupKind) {
  const [pending, setPending] = useState<{
    target: DeletionTarget;
    settle: (deleted: boolean) => void;
  } | null>(null);
  // The last lookup asked about stays named while the sheet closes.
  const [shown, setShown] = useState<DeletionTarget | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useDeleteLookup(kind);

  const ask = (target: DeletionTarget) =>
    new Promise<boolean>((settle) => {
      setFailure(null);
      setShown(target);
      setPending({ target, settle });
    });

  const confirm = async () => {
    if (!pending) return;
    try {
      const { outcome } = await remove.mutateAsync(pending.target.id);
      showDeletionToast(kind, pending.target.name, outcome);
      pending.settle(true);
      setPending(null);
    } catch (error) {
      setFailure(failureText(error));
    }
  };

  const cancel = () => {
    pending?.settle(false);
    setPending(null);
  };

  return { ask, target: pending?.target ?? null, shown, failure, confirm, cancel };
}
export type LookupDeletion = ReturnType<typeof useLookupDeletion>;
