import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { creatorPath } from './paths';

/** Deactivates the creator's own account; the answer is the text to show them (SPEC §7). */
export function deactivateAccount(creatorId: string): Promise<string> {
  return apiFetch<string>(creatorPath(`/user/${encodeURIComponent(creatorId)}/deactivate`));
}

export const useDeactivateAccount = () => useMutation({ mutationFn: deactivateAccount });
