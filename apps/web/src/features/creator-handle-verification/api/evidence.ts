import type { CreatorPlatform, HandleVerification } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { putFile } from '../../../lib/upload';
import { keepHandle } from './handle-verifications';
import { platformHandlePath } from './paths';

interface EvidenceUpload {
  uploadUrl: string;
  attemptId: string;
  maxBytes: number;
}

/**
 * Asks for a signed URL for the recording (its type and size declared), then sends it there, reporting
 * progress as a percent. Resolves with the attempt to send to Support once the upload is stored.
 */
export async function uploadEvidence(
  platform: CreatorPlatform,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const upload = await apiFetch<EvidenceUpload>(platformHandlePath(platform, '/evidence-upload'), {
    method: 'POST',
    body: { contentType: file.type, size: file.size },
    signal,
  });
  await putFile(upload.uploadUrl, file, onProgress, signal);
  return upload.attemptId;
}

/** Sends the uploaded recording to Support's queue. */
export function useSubmitEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ platform, attemptId }: { platform: CreatorPlatform; attemptId: string }) =>
      apiFetch<HandleVerification>(platformHandlePath(platform, '/evidence'), {
        method: 'POST',
        body: { attemptId },
      }),
    onSuccess: (changed) => keepHandle(queryClient, changed),
  });
}
