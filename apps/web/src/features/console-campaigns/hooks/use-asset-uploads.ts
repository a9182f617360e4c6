import {
  FILE_UPLOAD_MESSAGES,
  UPLOAD_MAX_BYTES,
  campaignAssetTypeOf,
  type CampaignAsset,
  type CampaignDetail,
} from '@platform/shared';
import { useQueryClient } from '@tanstack/react-query';
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

  const showAsset = useCallback(
    (asset: CampaignAsset) => {
      queryClient.setQueryData<CampaignDetail>(campaignQueryKey(campaignId), (campaign) =>
        campaign
          ? { ...campaign, assets: [...campaign.assets.filter((other) => other.id !== asset.id), asset] }
          : campaign,
      );
      void queryClient.invalidateQueries({ queryKey: campaignQueryKey(campaignId) });
    },
    [campaignId, queryClient],
  );

  const send = useCallback(
    async (key: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      const { signal } = controller;
      update(key, { status: 'IN_PROGRESS', percent: 0, problem: null });
      let assetId: string | null = null;
      try {
        let stage: 'url' | 'upload' | 'complete' = 'url';
        try {
          const upload = await requestAssetUpload({
            campaignId,
            body: { fileName: file.name, contentType: file.type, size: file.size },
            signal,
          });
          assetId = upload.asset.id;
          stage = 'upload';
          await putFile(
            upload.url,
            file,
            (percent) => {
              if (!signal.aborted) update(key, { percent: Math.min(100, Math.max(0, Math.round(percent))) });
            },
            signal,
          );
          stage = 'complete';
          const asset = await completeAssetUpload({ campaignId, assetId: upload.asset.id, signal });
          setUploads((current) => current.filter((other) => other.key !== key));
          showAsset(asset);
        } catch (error) {
          if (signal.aborted || isAbort(error)) return;
          const problem =
            stage === 'url'
              ? refusal(error, FILE_UPLOAD_MESSAGES.uploadUrlFailed)
              : stage === 'upload'
                ? FILE_UPLOAD_MESSAGES.uploadFailed
                : refusal(error, FILE_UPLOAD_MESSAGES.uploadFailed);
          update(key, { status: 'FAILED', problem });
          // The file never became the campaign's: its record goes, so that it is not listed half-made.
          if (assetId) {
            void deleteAsset({ campaignId, assetId })
              .catch(() => undefined)
              .finally(() => void queryClient.invalidateQueries({ queryKey: campaignQueryKey(campaignId) }));
          }
        }
      } finally {
        controllers.current.delete(key);
      }
    },
    [campaignId, queryClient, showAsset, update],
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
