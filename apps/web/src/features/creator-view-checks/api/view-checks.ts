import {
  FILE_UPLOAD_MESSAGES,
  type CreatorHold,
  type EntryViewChecks,
  type HoldAppealBody,
  type HoldAppealUpload,
} from '@platform/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { putFile } from '../../../lib/upload';
import { creatorHoldPath, viewChecksPath, viewChecksQueryKey } from './paths';

/** How each of the creator's entries to a campaign stands: its figure, and any hold on its earnings. */
export function useViewChecks(campaignId: string) {
  return useQuery({
    queryKey: [...viewChecksQueryKey, campaignId],
    queryFn: ({ signal }) => apiFetch<EntryViewChecks>(viewChecksPath(campaignId), { signal }),
  });
}

/**
 * Asks where the appeal's screen recording goes, then sends it there, reporting progress as a percent.
 * Resolves with the upload's key, which the appeal names.
 */
export async function uploadAppealRecording(
  holdId: string,
  file: File,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<HoldAppealUpload> {
  let upload: HoldAppealUpload;
  try {
    upload = await apiFetch<HoldAppealUpload>(creatorHoldPath(holdId, '/appeal-upload-url'), { signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new Error(FILE_UPLOAD_MESSAGES.uploadUrlFailed, { cause: error });
  }
  await putFile(upload.url, file, onProgress, signal);
  return upload;
}

/** The creator's one appeal of a hold; the campaign's checks then show it as sent. */
export function useAppealHold(campaignId: string) {
  const queryClient = useQueryClient();
  const key = [...viewChecksQueryKey, campaignId];
  return useMutation({
    mutationFn: ({ holdId, body }: { holdId: string; body: HoldAppealBody }) =>
      apiFetch<CreatorHold>(creatorHoldPath(holdId, '/appeal'), { method: 'POST', body }),
    onSuccess: (appealed) =>
      queryClient.setQueryData<EntryViewChecks>(key, (checks) =>
        checks
          ? {
              items: checks.items.map((item) =>
                item.hold?.id === appealed.id ? { ...item, hold: appealed } : item,
              ),
            }
          : checks,
      ),
    // A 409 (appealed already, or decided) means the checks on show are out of date.
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
