import { FILE_UPLOAD_MESSAGES } from '@platform/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubUploadRequests } from '../test/upload-requests';
import { putFile } from './upload';

const UPLOAD_URL = '/server-api/files/kyc/document?signature=d';
const scan = () => new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' });

describe('putFile', () => {
  let uploads: ReturnType<typeof stubUploadRequests>;
  beforeEach(() => {
    uploads = stubUploadRequests();
  });

  it('sends the file by PUT with its content type and reports progress as a percent', async () => {
    const onProgress = vi.fn();
    const sent = putFile(UPLOAD_URL, scan(), onProgress);
    const request = await uploads.to(UPLOAD_URL);

    expect(request.method).toBe('PUT');
    expect(request.headers['content-type']).toBe('application/pdf');
    expect(request.body).toBeInstanceOf(File);
    request.progress(25, 100);
    request.progress(0, 0);
    expect(onProgress.mock.calls).toEqual([[25]]);

    request.respond(200);
    await expect(sent).resolves.toBeUndefined();
    expect(onProgress).toHaveBeenLastCalledWith(100);
  });

  it('sends a file without a type as bytes', async () => {
    void putFile(UPLOAD_URL, new Blob(['bytes']), () => {});
    expect((await uploads.to(UPLOAD_URL)).headers['content-type']).toBe('application/octet-stream');
  });

  it.each([403, 500, 201])('fails with the spec’s message when the server answers %i', async (status) => {
    const sent = putFile(UPLOAD_URL, scan(), () => {});
    (await uploads.to(UPLOAD_URL)).respond(status);
    await expect(sent).rejects.toThrow(FILE_UPLOAD_MESSAGES.uploadFailed);
  });

  it('fails with the spec’s message when the network fails', async () => {
    const sent = putFile(UPLOAD_URL, scan(), () => {});
    (await uploads.to(UPLOAD_URL)).fail();
    await expect(sent).rejects.toThrow('File upload failed.');
  });

  it('stops the upload when its signal aborts', async () => {
    const controller = new AbortController();
    const sent = putFile(UPLOAD_URL, scan(), () => {}, controller.signal);
    const request = await uploads.to(UPLOAD_URL);
    controller.abort();
    expect(request.aborted).toBe(true);
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('sends nothing, and settles, when its signal has aborted already', async () => {
    const controller = new AbortController();
    controller.abort();
    const sent = putFile(UPLOAD_URL, scan(), () => {}, controller.signal);
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
    expect(uploads.requests).toHaveLength(0);
  });
});
