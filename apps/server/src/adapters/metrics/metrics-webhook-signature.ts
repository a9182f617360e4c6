import { createHmac, timingSafeEqual } from 'node:crypto';

// Figures pushed to us by a partner (a measurement service, a platform's own webhook relay) are signed as
// Stripe signs its webhooks: a header `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. Signing the
// timestamp with the body lets a replayed request be refused once it is older than the replay window, and
// several `v1` values let a sender sign with an old and a new secret while the secret is being changed.

/** How far, either way, a signature's time may be from ours: replays older than this are refused. */
export const METRICS_WEBHOOK_TOLERANCE_SECONDS = 300;

export type MetricsWebhookVerification =
  | { ok: true; timestamp: number }
  | {
      ok: false;
      /**
       * `malformed`: not `t=…,v1=…`; `mismatch`: no signature is the body's with our secret; `stale`: signed
       * by us but too far from now; `no-secret`: none is configured, and an empty key would let anyone sign.
       */
      reason: 'malformed' | 'mismatch' | 'stale' | 'no-secret';
    };

const HEX_SHA256 = /^[0-9a-f]{64}$/i;
const UNIX_SECONDS = /^\d{1,12}$/;

function signatureOf(secret: string, body: string, timestamp: number): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest();
}

/** The header for `body` sent at `timestamp` (unix seconds). */
export function signMetricsWebhook(secret: string, body: string, timestamp: number): string {
  if (secret === '') throw new Error('a metrics webhook cannot be signed without a secret');
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new Error('a metrics webhook is signed with a time in whole unix seconds');
  }
  return `t=${timestamp},v1=${signatureOf(secret, body, timestamp).toString('hex')}`;
}

/** The header's timestamp and `v1` signatures; undefined when it is not one timestamp and some signatures. */
function parseHeader(header: string): { timestamp: number; signatures: Buffer[] } | undefined {
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const element of header.split(',')) {
    const equals = element.indexOf('=');
    if (equals === -1) return undefined;
    const key = element.slice(0, equals).trim();
    const value = element.slice(equals + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined || !UNIX_SECONDS.test(value)) return undefined;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!HEX_SHA256.test(value)) return undefined;
      signatures.push(Buffer.from(value, 'hex'));
    }
    // Other schemes (Stripe's test-mode v0, say) are not ours to check, and are passed over.
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

/**
 * Checks a metrics webhook's signature header against the body exactly as received (parsed and serialised
 * again, it no longer matches). The signature is checked before the time: a forged request learns only
 * that it does not match.
 */
export function verifyMetricsWebhook(
  secret: string,
  body: string,
  header: string | undefined,
  now: Date,
): MetricsWebhookVerification {
  if (secret === '') return { ok: false, reason: 'no-secret' };
  const parsed = header === undefined ? undefined : parseHeader(header);
  if (!parsed) return { ok: false, reason: 'malformed' };
  const expected = signatureOf(secret, body, parsed.timestamp);
  // Every signature is compared, matching or not, so that the time taken does not say which one matched.
  const matches = parsed.signatures.filter((signature) => timingSafeEqual(signature, expected));
  if (matches.length === 0) return { ok: false, reason: 'mismatch' };
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (Math.abs(nowSeconds - parsed.timestamp) > METRICS_WEBHOOK_TOLERANCE_SECONDS) {
    return { ok: false, reason: 'stale' };
  }
  return { ok: true, timestamp: parsed.timestamp };
}
