import {
  NATIVE_BRIDGE_TIMEOUT_MS,
  TRACKING_PERMISSION_GROUPS,
  TRACKING_PERMISSION_MODES,
  type TrackingPermissions,
} from '@platform/shared';

// The mobile app wraps the web app in a WebView (React Native's, which gives the page
// `window.ReactNativeWebView.postMessage`). The page sends JSON messages; the app answers a call by
// posting `{ type: 'result', id, result }` (or `{ type: 'error', id, message }`) back to the page's window.
// Calls time out after 2 seconds (SPEC §9), so a wrapper that does not know a call never holds the page.

type NativeWebView = { postMessage(message: string): void };
type BridgeWindow = Window & { ReactNativeWebView?: NativeWebView };

export type NativeMessage =
  | { type: 'call'; id: string; method: string; params?: unknown }
  | { type: 'fileDownloadStart'; fileName: string }
  | { type: 'fileData'; fileName: string; mimeType: string; base64: string };

export class NativeBridgeTimeout extends Error {
  constructor(method: string) {
    super(`The app did not answer ${method} within ${NATIVE_BRIDGE_TIMEOUT_MS} ms.`);
    this.name = 'NativeBridgeTimeout';
  }
}

function webView(): NativeWebView | null {
  if (typeof window === 'undefined') return null;
  return (window as BridgeWindow).ReactNativeWebView ?? null;
}

/** Whether the page runs inside the mobile app. */
export function isInNativeApp(): boolean {
  return webView() !== null;
}

/** Posts a message to the mobile app; false outside it. */
export function postToNativeApp(message: NativeMessage): boolean {
  const target = webView();
  if (!target) return false;
  target.postMessage(JSON.stringify(message));
  return true;
}

let nextCallId = 0;

function parseReply(
  data: unknown,
): { type?: unknown; id?: unknown; result?: unknown; message?: unknown } | null {
  if (typeof data === 'string') {
    try {
      const parsed: unknown = JSON.parse(data);
      return typeof parsed === 'object' && parsed !== null ? parsed : null;
    } catch {
      return null;
    }
  }
  return typeof data === 'object' && data !== null ? data : null;
}

/** Calls the mobile app and waits up to 2 seconds for its answer; outside the app, fails at once. */
export function callNativeApp<Result>(method: string, params?: unknown): Promise<Result> {
  const target = webView();
  if (!target) return Promise.reject(new Error('Not inside the mobile app.'));
  nextCallId += 1;
  const id = `call-${nextCallId}-${Date.now()}`;
  return new Promise<Result>((resolve, reject) => {
    const finish = () => {
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      document.removeEventListener('message', onMessage as EventListener);
    };
    const onMessage = (event: MessageEvent) => {
      const reply = parseReply(event.data);
      if (!reply || reply.id !== id) return;
      finish();
      if (reply.type === 'result') resolve(reply.result as Result);
      else
        reject(new Error(typeof reply.message === 'string' ? reply.message : `${method} failed in the app.`));
    };
    const timer = window.setTimeout(() => {
      finish();
      reject(new NativeBridgeTimeout(method));
    }, NATIVE_BRIDGE_TIMEOUT_MS);
    window.addEventListener('message', onMessage);
    // Android's WebView delivers the app's messages on document, iOS's on window.
    document.addEventListener('message', onMessage as EventListener);
    target.postMessage(JSON.stringify({ type: 'call', id, method, params } satisfies NativeMessage));
  });
}

const isTrackingPermissions = (value: unknown): value is TrackingPermissions => {
  if (typeof value !== 'object' || value === null) return false;
  const { mode, allowed } = value as { mode?: unknown; allowed?: unknown };
  return (
    (TRACKING_PERMISSION_MODES as readonly unknown[]).includes(mode) &&
    Array.isArray(allowed) &&
    allowed.every((group) => (TRACKING_PERMISSION_GROUPS as readonly unknown[]).includes(group))
  );
};

/** The tracking choice the app's own consent holds, or null when it has none to give (or does not answer). */
export async function nativeTrackingPermissions(): Promise<TrackingPermissions | null> {
  try {
    const answer = await callNativeApp<unknown>('getTrackingPermissions');
    return isTrackingPermissions(answer) ? answer : null;
  } catch {
    return null;
  }
}

/** Tells the app the creator's new tracking choice; false when it did not take it within 2 seconds. */
export async function updateNativeTrackingPermissions(permissions: TrackingPermissions): Promise<boolean> {
  try {
    await callNativeApp('updateTrackingPermissions', permissions);
    return true;
  } catch {
    return false;
  }
}

/** The device's push token the mobile app holds, or null when it has none (or does not answer in time). */
export async function nativeDeviceToken(): Promise<string | null> {
  try {
    const answer = await callNativeApp<unknown>('getDeviceToken');
    return typeof answer === 'string' && answer.trim() !== '' ? answer.trim() : null;
  } catch {
    return null;
  }
}
