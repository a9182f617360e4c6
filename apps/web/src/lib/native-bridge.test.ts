import { NATIVE_BRIDGE_TIMEOUT_MS } from '@platform/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pretendToBeInTheApp } from '../test/native-app';
import {
  NativeBridgeTimeout,
  callNativeApp,
  isInNativeApp,
  nativeTrackingPermissions,
  postToNativeApp,
  updateNativeTrackingPermissions,
} from './native-bridge';

const ALLOW_ALL = { mode: 'ALLOW', allowed: ['ESSENTIAL_TECHNOLOGIES', 'MARKETING_TECHNOLOGIES'] };

describe('native bridge outside the app', () => {
  it('knows it is not in the app, posts nothing and fails a call at once', async () => {
    expect(isInNativeApp()).toBe(false);
    expect(postToNativeApp({ type: 'fileDownloadStart', fileName: 'invoice.pdf' })).toBe(false);
    await expect(callNativeApp('getTrackingPermissions')).rejects.toThrow('Not inside the mobile app.');
    expect(await nativeTrackingPermissions()).toBeNull();
    expect(await updateNativeTrackingPermissions({ mode: 'ALLOW', allowed: [] })).toBe(false);
  });
});

describe('native bridge inside the app', () => {
  let app: ReturnType<typeof pretendToBeInTheApp>;
  beforeEach(() => {
    app = pretendToBeInTheApp();
  });

  it('posts messages to the app as JSON', () => {
    expect(isInNativeApp()).toBe(true);
    expect(postToNativeApp({ type: 'fileDownloadStart', fileName: 'invoice.pdf' })).toBe(true);
    expect(app.posted).toEqual([{ type: 'fileDownloadStart', fileName: 'invoice.pdf' }]);
  });

  it('posts a call with an id and its params, and resolves with the app’s answer', async () => {
    const answer = callNativeApp('updateTrackingPermissions', ALLOW_ALL);
    const call = await app.callOf('updateTrackingPermissions');
    expect(call).toMatchObject({ type: 'call', method: 'updateTrackingPermissions', params: ALLOW_ALL });
    expect(call.id).toMatch(/\S/);

    app.answer(call, { saved: true });
    await expect(answer).resolves.toEqual({ saved: true });
  });

  it('gives each call its own id and matches each answer to its call', async () => {
    const first = callNativeApp('first');
    const second = callNativeApp('second');
    const [firstCall, secondCall] = app.calls();
    expect(firstCall?.id).not.toBe(secondCall?.id);

    app.answer(secondCall!, 'second answer');
    app.answer(firstCall!, 'first answer');
    await expect(first).resolves.toBe('first answer');
    await expect(second).resolves.toBe('second answer');
  });

  it('ignores answers to other calls and messages that are not JSON', async () => {
    vi.useFakeTimers();
    const answer = callNativeApp('getTrackingPermissions');
    const call = await app.callOf('getTrackingPermissions');
    let settled = false;
    answer.then(
      () => (settled = true),
      () => (settled = true),
    );

    app.answer({ ...call, id: 'call-0-elsewhere' }, ALLOW_ALL);
    window.dispatchEvent(new MessageEvent('message', { data: 'webpack hot update' }));
    window.dispatchEvent(new MessageEvent('message', { data: null }));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);

    app.answer(call, ALLOW_ALL);
    await expect(answer).resolves.toEqual(ALLOW_ALL);
  });

  it('takes an answer Android’s WebView delivers on document', async () => {
    const answer = callNativeApp('getTrackingPermissions');
    app.answer(await app.callOf('getTrackingPermissions'), ALLOW_ALL, 'document');
    await expect(answer).resolves.toEqual(ALLOW_ALL);
  });

  it('takes an answer posted as an object rather than a string', async () => {
    const answer = callNativeApp('getTrackingPermissions');
    const call = await app.callOf('getTrackingPermissions');
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'result', id: call.id, result: 7 } }));
    await expect(answer).resolves.toBe(7);
  });

  it('rejects with the app’s message when it answers with an error', async () => {
    const answer = callNativeApp('getTrackingPermissions');
    app.refuse(await app.callOf('getTrackingPermissions'), 'Consent store unavailable');
    await expect(answer).rejects.toThrow('Consent store unavailable');
  });

  it('times out after 2 seconds when the app does not answer, and ignores a late answer', async () => {
    vi.useFakeTimers();
    const answer = callNativeApp('getTrackingPermissions');
    const outcome = answer.then(
      () => 'answered',
      (error: unknown) => error,
    );
    const [call] = app.calls();

    await vi.advanceTimersByTimeAsync(NATIVE_BRIDGE_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(NativeBridgeTimeout);
    expect(NATIVE_BRIDGE_TIMEOUT_MS).toBe(2000);

    app.answer(call!, ALLOW_ALL);
    await expect(outcome).resolves.toBe(error);
  });

  it('reads the app’s tracking choice, and nothing it cannot use', async () => {
    const valid = nativeTrackingPermissions();
    app.answer(await app.callOf('getTrackingPermissions'), ALLOW_ALL);
    await expect(valid).resolves.toEqual(ALLOW_ALL);

    app.posted.length = 0;
    const unknownGroup = nativeTrackingPermissions();
    app.answer(await app.callOf('getTrackingPermissions'), { mode: 'CUSTOM', allowed: ['EVERYTHING'] });
    await expect(unknownGroup).resolves.toBeNull();

    app.posted.length = 0;
    const refused = nativeTrackingPermissions();
    app.refuse(await app.callOf('getTrackingPermissions'), 'No consent yet');
    await expect(refused).resolves.toBeNull();
  });

  it('tells the app the creator’s choice, and says whether it took it', async () => {
    vi.useFakeTimers();
    const taken = updateNativeTrackingPermissions({ mode: 'CUSTOM', allowed: ['ESSENTIAL_TECHNOLOGIES'] });
    const call = await app.callOf('updateTrackingPermissions');
    expect(call.params).toEqual({ mode: 'CUSTOM', allowed: ['ESSENTIAL_TECHNOLOGIES'] });
    app.answer(call, null);
    await expect(taken).resolves.toBe(true);

    app.posted.length = 0;
    const ignored = updateNativeTrackingPermissions(ALLOW_ALL as never);
    await vi.advanceTimersByTimeAsync(NATIVE_BRIDGE_TIMEOUT_MS);
    await expect(ignored).resolves.toBe(false);
  });

  it('stops listening once a call is answered', async () => {
    const removed = vi.spyOn(window, 'removeEventListener');
    const removedFromDocument = vi.spyOn(document, 'removeEventListener');
    const answer = callNativeApp('getTrackingPermissions');
    app.answer(await app.callOf('getTrackingPermissions'), 1);
    await answer;
    expect(removed).toHaveBeenCalledWith('message', expect.any(Function));
    expect(removedFromDocument).toHaveBeenCalledWith('message', expect.any(Function));
    removed.mockRestore();
    removedFromDocument.mockRestore();
  });
});
