import { FILE_UPLOAD_MESSAGES } from '@platform/shared';

/**
 * Sends a file by PUT to a signed upload URL with its content type (SPEC §7), reporting progress as a
 * percent. Resolves when the server answers 200; anything else is 'File upload failed.' (SPEC §5).
 * XMLHttpRequest rather than fetch: only it reports the progress of what is sent.
 */
export function putFile(
  url: string,
  file: Blob,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancelled = () => new DOMException('The upload was cancelled.', 'AbortError');
    // A request aborted before it is sent fires no event, so it would never settle.
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const request = new XMLHttpRequest();
    const fail = () => reject(new Error(FILE_UPLOAD_MESSAGES.uploadFailed));
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress((event.loaded / event.total) * 100);
    };
    request.onload = () => {
      if (request.status === 200) {
        onProgress(100);
        resolve();
      } else {
        fail();
      }
    };
    request.onerror = fail;
    request.ontimeout = fail;
    request.onabort = () => reject(cancelled());
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
