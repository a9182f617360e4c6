import { act } from '@testing-library/react';
import { vi } from 'vitest';

export interface NativeCall {
  type: 'call';
  id: string;
  method: string;
  params?: unknown;
}

/**
 * Runs the page as if inside the mobile app: `window.ReactNativeWebView.postMessage` records what the page
 * posts, and the test answers a call the way the app does, with a `message` event (on window as iOS
 * delivers it, or on document as Android does). The setup file removes the app after each test.
 */
export function pretendToBeInTheApp() {
  const posted: unknown[] = [];
  const postMessage = vi.fn((message: string) => {
    posted.push(JSON.parse(message));
  });
  vi.stubGlobal('ReactNativeWebView', { postMessage });

  const calls = () =>
    posted.filter((message): message is NativeCall => (message as NativeCall).type === 'call');
  const deliver = (data: unknown, target: 'window' | 'document') =>
    act(() => {
      (target === 'window' ? window : document).dispatchEvent(
        new MessageEvent('message', { data: JSON.stringify(data) }),
      );
    });

  return {
    posted,
    calls,
    /** The page's call of a method, once it has been made. */
    callOf: (method: string) =>
      vi.waitFor(() => {
        const call = calls().find((candidate) => candidate.method === method);
        if (!call) throw new Error(`The page has not called ${method}`);
        return call;
      }),
    answer: (call: NativeCall, result: unknown, target: 'window' | 'document' = 'window') =>
      deliver({ type: 'result', id: call.id, result }, target),
    refuse: (call: NativeCall, message: string) => deliver({ type: 'error', id: call.id, message }, 'window'),
  };
}
