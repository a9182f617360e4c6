import {
  FILE_UPLOAD_MESSAGES,
  type Entry,
  type EntryBody,
  type EntryReviseBody,
  type UgcUpload,
} from '@platform/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../lib/api-client';
import { idempotentWrite } from '../../../lib/idempotent-write';
import { putFile } from '../../../lib/upload';
import { creatorCampaignQueryKey, creatorCampaignsQueryKey } from './paths';

const ENTRY_PATH = '/server-api/campaigns/entry';

const entriesQueryKey = (campaignId: string) => [...creatorCampaignsQueryKey, 'entries', campaignId] as const;

const newestFirst = (entries: readonly Entry[]) =>
  [...entries].sort((a, b) => Date.parse(b.submittedAt) - Date.parse(a.submittedAt));

/** The creator's own entries to a campaign, newest first (SPEC §7: POST …/entry/search). */
export function useMyEntries(campaignId: string) {
  return useQuery({
    queryKey: entriesQueryKey(campaignId),
    queryFn: async ({ signal }) => {
      const found = await apiFetch<{ data: Entry[] }>(`${ENTRY_PATH}/search`, {
        method: 'POST',
        body: { campaignId },
        signal,
      });
      return newestFirst(found.data);
    },
  });
}

/**
 * Puts the entry as the server answered it into the campaign's list, in place of its older self, and has
 * the campaign read again: its page counts the entries, and a sent (or sent again) entry is among them.
 */
function keepEntry(queryClient: QueryClient, entry: Entry) {
  queryClient.setQueryData<Entry[]>(entriesQueryKey(entry.campaignId), (entries = []) =>
    newestFirst([entry, ...entries.filter((known) => known.id !== entry.id)]),
  );
  void queryClient.invalidateQueries({ queryKey: creatorCampaignQueryKey(entry.campaignId) });
}

/** Enters a post in a campaign (SPEC §7: POST /server-api/campaigns/entry). */
export function useSubmitEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EntryBody) => idempotentWrite<Entry>(ENTRY_PATH, { method: 'POST', body }),
    onSuccess: (entry) => keepEntry(queryClient, entry),
  });
}

/** Sends a rejected entry again with another link (SPEC §7: PATCH /server-api/campaigns/entry/{id}). */
export function useReviseEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: EntryReviseBody & { id: string }) =>
      idempotentWrite<Entry>(`${ENTRY_PATH}/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
      }),
    onSuccess: (entry) => keepEntry(queryClient, entry),
  });
}

/**
 * The address of a post's preview image, or null when the platform offers none (an empty answer or a
 * 404: SPEC §7, GET …/entry/preview-url/{link}, answered in plain text).
 */
export function usePostPreview(link: string) {
  return useQuery({
    queryKey: [...creatorCampaignsQueryKey, 'post-preview', link],
    queryFn: async ({ signal }) => {
      try {
        const answer = await apiFetch<unknown>(`${ENTRY_PATH}/preview-url/${encodeURIComponent(link)}`, {
          signal,
        });
        return typeof answer === 'string' && answer.trim() !== '' ? answer.trim() : null;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    // A post's picture does not change while the page is open, and the card reads well without one: no
    // second look, and no retries holding up the entry list's network.
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * Sends a video to the campaign's upload URL (SPEC §7: GET …/{id}/ugc-upload-url, then PUT with its type),
 * reporting progress as a percent. Fails with the spec's words: 'Failed to generate upload url.' when no
 * URL was given, 'File upload failed.' when the PUT did not answer 200.
 */
export async function uploadVideo(
  campaignId: string,
  file: File,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<UgcUpload> {
  let upload: UgcUpload;
  try {
    upload = await apiFetch<UgcUpload>(
      `/server-api/campaigns/${encodeURIComponent(campaignId)}/ugc-upload-url`,
      {
        signal,
      },
    );
  } catch (error) {
    if (signal.aborted) throw error;
    throw new Error(FILE_UPLOAD_MESSAGES.uploadUrlFailed, { cause: error });
  }
  await putFile(upload.url, file, onProgress, signal);
  return upload;
}

/** Where the creator watches a video they sent (SPEC §7: GET …/{id}/ugc-url, text), or null. */
export function useVideoUrl(campaignId: string, entryId: string) {
  return useQuery({
    queryKey: [...creatorCampaignsQueryKey, 'video', campaignId, entryId],
    queryFn: async ({ signal }) => {
      const answer = await apiFetch<unknown>(
        `/server-api/campaigns/${encodeURIComponent(campaignId)}/ugc-url?entryId=${encodeURIComponent(entryId)}`,
        { signal },
      );
      return typeof answer === 'string' && answer.trim() !== '' ? answer.trim() : null;
    },
    // The link lasts at least an hour; reading it again within the hour gives the same one.
    staleTime: 30 * 60 * 1000,
  });
}

/**
 * The poster of each video the creator sent to a campaign, drawn from the video once it was compared with
 * the others (ADR 036); an entry whose video is still being compared has none yet.
 */
export function useEntryPosters(campaignId: string) {
  return useQuery({
    queryKey: [...creatorCampaignsQueryKey, 'posters', campaignId],
    queryFn: async ({ signal }) => {
      const answer = await apiFetch<{ items: { entryId: string; posterUrl: string }[] }>(
        `/server-api/creator/campaigns/${encodeURIComponent(campaignId)}/entry-posters`,
        { signal },
      );
      return new Map(answer.items.map((item) => [item.entryId, item.posterUrl]));
    },
    staleTime: 30 * 60 * 1000,
  });
}
