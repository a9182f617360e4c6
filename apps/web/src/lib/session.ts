const TOKEN_KEY = 'id_token';
const REFRESH_DUE_KEY = 'id_token_refresh_due_at';

type Listener = () => void;

const listeners = new Set<Listener>();
let loggedOut = false;

// Storage can throw (private mode, disabled storage): the app then behaves as signed out.
function readItem(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeItem(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Nothing to keep the token in: the next authenticated call answers 401 and leads to sign-in.
  }
}

export function getAccessToken(): string | null {
  return readItem(TOKEN_KEY);
}

export function hasSession(): boolean {
  return getAccessToken() !== null;
}

/** True once the person signed out in this tab, until the next sign-in. */
export function isLoggedOut(): boolean {
  return loggedOut;
}

/** When (ms since the epoch) the stored token is due for a refresh, if known. */
export function getRefreshDueAt(): number | null {
  const value = Number(readItem(REFRESH_DUE_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function storeAccessToken(token: string, refreshDueAt: number): void {
  writeItem(TOKEN_KEY, token);
  writeItem(REFRESH_DUE_KEY, String(refreshDueAt));
  loggedOut = false;
  listeners.forEach((listener) => listener());
}

export function clearAccessToken({ loggedOut: signedOut }: { loggedOut: boolean }): void {
  writeItem(TOKEN_KEY, null);
  writeItem(REFRESH_DUE_KEY, null);
  loggedOut = signedOut;
  listeners.forEach((listener) => listener());
}

export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
