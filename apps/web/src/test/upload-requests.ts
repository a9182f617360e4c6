import { act } from '@testing-library/react';
import { vi } from 'vitest';

type Handler = ((event?: unknown) => void) | null;

/**
 * One upload the page started through XMLHttpRequest (jsdom would try to send it). The test answers it:
 * `progress` reports bytes sent, `respond` the server's status.
 */
export interface UploadRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  aborted: boolean;
  progress(loaded: number, total: number): void;
  respond(status: number): void;
  fail(): void;
}

/** Replaces XMLHttpRequest with a stand-in that records each upload; the setup file restores it. */
export function stubUploadRequests() {
  const requests: UploadRequest[] = [];

  class XMLHttpRequestStub implements UploadRequest {
    method = '';
    url = '';
    headers: Record<string, string> = {};
    body: unknown = undefined;
    aborted = false;
    status = 0;
    private sent = false;
    upload: { onprogress: Handler } = { onprogress: null };
    onload: Handler = null;
    onerror: Handler = null;
    ontimeout: Handler = null;
    onabort: Handler = null;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }

    send(body: unknown) {
      this.body = body;
      this.sent = true;
      requests.push(this);
    }

    // As in browsers, aborting a request that was never sent fires nothing.
    abort() {
      this.aborted = true;
      if (this.sent) this.onabort?.();
    }

    progress(loaded: number, total: number) {
      act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
    }

    respond(status: number) {
      this.status = status;
      act(() => this.onload?.());
    }

    fail() {
      act(() => this.onerror?.());
    }
  }

  vi.stubGlobal('XMLHttpRequest', XMLHttpRequestStub);
  return {
    requests,
    /** The upload sent to a URL, once the page has started it. */
    to: (url: string) =>
      vi.waitFor(() => {
        const request = requests.find((candidate) => candidate.url === url);
        if (!request) throw new Error(`No upload to ${url} yet`);
        return request;
      }),
  };
}

/** jsdom has no object URLs, which image previews use; the setup file unstubs globals after each test. */
export function stubObjectUrls() {
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
  );
}
