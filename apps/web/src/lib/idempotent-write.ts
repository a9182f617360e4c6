import { apiFetch, isApiError, type ApiError, type ApiRequestOptions } from './api-client';

/**
 * A fresh key for one write. `crypto.randomUUID` exists only on secure pages (https or localhost): a
 * platform served over plain http on a LAN address gets random hex from `getRandomValues` instead.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * The keys of writes that got no answer a retry could not repeat: the connection failed, the server failed
 * (it lets the key go, so the same key runs the write again) or was still working on it. Once the server
 * has answered, the key is spent and a new write of the same kind is a new write.
 */
const unansweredWrites = new Map<string, string>();

const keyStaysOpen = (error: ApiError) =>
  error.status === 0 || error.status >= 500 || (error.status === 409 && error.retryAfter !== undefined);

/**
 * A write the server lets a client retry (DESIGN §5, ADR 019): it goes with an `Idempotency-Key`, and the
 * same write made again after no answer came back (the same method, address and body) goes with the same
 * key, so that the server replays the first answer instead of acting twice or refusing the second try.
 * Kept apart from the API client, which every page loads, since only the pages that write need it.
 */
export async function idempotentWrite<T>(
  path: string,
  options: Omit<ApiRequestOptions, 'idempotencyKey'> & { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' },
): Promise<T> {
  const write = `${options.method} ${path} ${JSON.stringify(options.body ?? null)}`;
  const idempotencyKey = unansweredWrites.get(write) ?? newIdempotencyKey();
  unansweredWrites.set(write, idempotencyKey);
  try {
    const answer = await apiFetch<T>(path, { ...options, idempotencyKey });
    unansweredWrites.delete(write);
    return answer;
  } catch (error) {
    if (!isApiError(error) || !keyStaysOpen(error)) unansweredWrites.delete(write);
    throw error;
  }
}
