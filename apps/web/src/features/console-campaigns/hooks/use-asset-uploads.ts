import {
  FILE_UPLOAD_MESSAGES,
  UPLOAD_MAX_BYTES,
  campaignAssetTypeOf,
  type CampaignAsset,
  type CampaignDetail,
} from '@platform/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { putFile } from '../../../lib/upload';
import { completeAssetUpload } from '../api/complete-asset-upload';
import { deleteAsset } from '../api/delete-asset';
import { campaignQueryKey } from '../api/get-campaign';
import { requestAssetUpload } from '../api/request-asset-upload';

/** A file on its way to the campaign, or one that did not make it. */
export interface AssetUpload {
  /** The page's own id for the file, until the server has one. */
  key: string;
  file: File;
  status: 'IN_PROGRESS' | 'FAILED';
  percent: number;
  /** Why it failed: the upload widget's words (SPEC §5), or the server's. */
  problem: string | null;
}

/** The file-upload rule for a campaign file: one of its kinds (SPEC §3), and no more than 250 MB (SPEC §5). */
export function assetFileProblem(file: File): string | null {
  if (file.size === 0) return FILE_UPLOAD_MESSAGES.missing;
  if (file.size > UPLOAD_MAX_BYTES) return FILE_UPLOAD_MESSAGES.tooLarge;
  if (campaignAssetTypeOf(file) === null) return FILE_UPLOAD_MESSAGES.typeNotAllowed;
  return null;
}

/** What the server said about a refused request, when it said it about this file; otherwise `fallback`. */
function refusal(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    return error.details[0]?.message ?? error.message;
  }
  return fallback;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Where a file's way to the campaign stopped, why, and the record made for it if there was one. */
class AssetUploadFailure extends Error {
  constructor(
    readonly stage: 'url' | 'upload' | 'complete',
    override readonly cause: unknown,
    readonly assetId: string | null,
  ) {
    super(`The upload stopped at ${stage}`);
  }
}

/** One file's way to the campaign: a signed URL, its bytes by PUT with their progress, then the server told. */
async function uploadAsset(
  campaignId: string,
  file: File,
  signal: AbortSignal,
  onProgress: (percent: number) => void,
): Promise<CampaignAsset> {
  let stage: AssetUploadFailure['stage'] = 'url';
  let assetId: string | null = null;
  try {
    const upload = await requestAssetUpload({
      campaignId,
      body: { fileName: file.name, contentType: file.type, size: file.size },
      signal,
    });
    assetId = upload.asset.id;
    stage = 'upload';
    await putFile(upload.url, file, onProgress, signal);
    stage = 'complete';
    return await completeAssetUpload({ campaignId, assetId, signal });
  } catch (error) {
    throw new AssetUploadFailure(stage, error, assetId);
  }
}

/** The upload widget's words for a failure (SPEC §5), or the server's when it refused this file. */
function problemOf(failure: AssetUploadFailure): string {
  if (failure.stage === 'url') return refusal(failure.cause, FILE_UPLOAD_MESSAGES.uploadUrlFailed);
  if (failure.stage === 'upload') return FILE_UPLOAD_MESSAGES.uploadFailed;
  return refusal(failure.cause, FILE_UPLOAD_MESSAGES.uploadFailed);
}

/** Shows a file that arrived at once, then reads the campaign again (it is polled while the file is scanned). */
function showAsset(queryClient: QueryClient, campaignId: string, asset: CampaignAsset): void {
  queryClient.setQueryData<CampaignDetail>(campaignQueryKey(campaignId), (campaign) =>
    campaign
      ? { ...campaign, assets: [...campaign.assets.filter((other) => other.id !== asset.id), asset] }
      : campaign,
  );
  void queryClient.invalidateQueries({ queryKey: campaignQueryKey(campaignId) });
}

/** A file whose bytes never arrived never became the campaign's: its record goes, so it is not listed half-made. */
function forgetHalfMade(queryClient: QueryClient, campaignId: string, assetId: string): void {
  void deleteAsset({ campaignId, assetId })
    .catch(() => undefined)
    .finally(() => void queryClient.invalidateQueries({ queryKey: campaignQueryKey(campaignId) }));
}

/**
 * Uploads files to a campaign: asks for a signed URL, sends the bytes by PUT with their content type and
 * progress (as lib/upload does), then tells the server they arrived; the campaign is then read again, and
 * polled while the new file is scanned. A file whose bytes never arrived is removed again.
 */
export function useAssetUploads(campaignId: string) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<AssetUpload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const counter = useRef(0);

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const update = useCallback((key: string, changes: Partial<AssetUpload>) => {
    setUploads((current) =>
      current.map((upload) => (upload.key === key ? { ...upload, ...changes } : upload)),
    );
  }, []);

  const send = useCallback(
    async (key: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      const { signal } = controller;
      update(key, { status: 'IN_PROGRESS', percent: 0, problem: null });
      const progress = (percent: number) => {
        if (!signal.aborted) update(key, { percent: Math.min(100, Math.max(0, Math.round(percent))) });
      };
      try {
        const asset = await uploadAsset(campaignId, file, signal, progress);
        setUploads((current) => current.filter((other) => other.key !== key));
        showAsset(queryClient, campaignId, asset);
      } catch (error) {
        const failure = error as AssetUploadFailure;
        if (signal.aborted || isAbort(failure.cause)) return;
        update(key, { status: 'FAILED', problem: problemOf(failure) });
        if (failure.assetId) forgetHalfMade(queryClient, campaignId, failure.assetId);
      } finally {
        controllers.current.delete(key);
      }
    },
    [campaignId, queryClient, update],
  );

  /** Checks each file against the rules, then uploads those that pass, side by side. */
  const add = useCallback(
    (files: readonly File[]) => {
      for (const file of files) {
        counter.current += 1;
        const key = `upload-${counter.current}`;
        const problem = assetFileProblem(file);
        setUploads((current) => [
          ...current,
          { key, file, status: problem ? 'FAILED' : 'IN_PROGRESS', percent: 0, problem },
        ]);
        if (!problem) void send(key, file);
      }
    },
    [send],
  );

  const retry = useCallback(
    (key: string) => {
      const upload = uploads.find((candidate) => candidate.key === key);
      if (upload && upload.status === 'FAILED' && assetFileProblem(upload.file) === null) {
        void send(key, upload.file);
      }
    },
    [send, uploads],
  );

  /** Drops a failed file from the list; a running upload is not stopped by it (SPEC §4). */
  const dismiss = useCallback((key: string) => {
    setUploads((current) =>
      current.filter((upload) => upload.key !== key || upload.status === 'IN_PROGRESS'),
    );
  }, []);

  return {
    uploads,
    add,
    retry,
    dismiss,
    uploading: uploads.some((upload) => upload.status === 'IN_PROGRESS'),
  };
}
