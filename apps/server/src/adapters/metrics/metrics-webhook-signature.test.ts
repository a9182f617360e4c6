import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  METRICS_WEBHOOK_TOLERANCE_SECONDS,
  signMetricsWebhook,
  verifyMetricsWebhook,
} from './metrics-webhook-signature';

const SECRET = 'whsec_metrics_4f1a9c2e7b5d3a8f';
const OLD_SECRET = 'whsec_metrics_retiring_0b7e2d9c';
const BODY = '{"posts":[{"url":"https://youtu.be/dQw4w9WgXcQ","views":1200,"likes":80}]}';
const SENT_AT = 1_763_715_600;
const NOW = new Date(SENT_AT * 1000);

const signed = (body = BODY, timestamp = SENT_AT, secret = SECRET) =>
  signMetricsWebhook(secret, body, timestamp);
const v1Of = (header: string) => header.split('v1=')[1] ?? '';
const secondsLater = (seconds: number) => new Date((SENT_AT + seconds) * 1000);

describe('signing a metrics webhook', () => {
  it('writes the time and the HMAC-SHA256 of "<t>.<body>" as Stripe does, as openssl computes it', () => {
    expect(
      signMetricsWebhook(
        'whsec_vector_secret_0123456789',
        '{"posts":[{"url":"https://youtu.be/dQw4w9WgXcQ","views":1200}]}',
        1_763_715_600,
      ),
    ).toBe('t=1763715600,v1=5431f957ee69520ba6a4c4a52cad92db3fa02588572cfc794d7e86696c58bc34');
  });

  it.each([
    ['without a secret', '', SENT_AT],
    ['with a time in milliseconds that is not whole', SECRET, 1.5],
    ['with a time before 1970', SECRET, -1],
  ])('refuses to sign %s', (_case, secret, timestamp) => {
    expect(() => signMetricsWebhook(secret, BODY, timestamp)).toThrow();
  });
});

describe('verifying a metrics webhook', () => {
  it.each([
    ['its own signature', signed(), NOW],
    ['a signature with spaces after the commas', signed().replace(',', ', '), NOW],
    ['an upper-case signature', `t=${SENT_AT},v1=${v1Of(signed()).toUpperCase()}`, NOW],
    [
      'the signature among others while the secret changes',
      `t=${SENT_AT},v1=${v1Of(signed(BODY, SENT_AT, OLD_SECRET))},v1=${v1Of(signed())}`,
      NOW,
    ],
    ['a scheme it does not know, passed over', `t=${SENT_AT},v0=abc,v1=${v1Of(signed())}`, NOW],
    ['a request 300 s old', signed(), secondsLater(METRICS_WEBHOOK_TOLERANCE_SECONDS)],
    ['a request 300 s ahead of our clock', signed(), secondsLater(-METRICS_WEBHOOK_TOLERANCE_SECONDS)],
  ])('accepts %s', (_case, header, now) => {
    expect(verifyMetricsWebhook(SECRET, BODY, header, now)).toEqual({ ok: true, timestamp: SENT_AT });
  });

  it.each([
    ['no header', undefined, NOW, 'malformed'],
    ['an empty header', '', NOW, 'malformed'],
    ['a bare signature', v1Of(signed()), NOW, 'malformed'],
    ['no timestamp', `v1=${v1Of(signed())}`, NOW, 'malformed'],
    ['no signature', `t=${SENT_AT}`, NOW, 'malformed'],
    ['only another scheme', `t=${SENT_AT},v0=${v1Of(signed())}`, NOW, 'malformed'],
    ['two timestamps', `t=${SENT_AT},t=${SENT_AT + 1},v1=${v1Of(signed())}`, NOW, 'malformed'],
    ['a timestamp in milliseconds with a fraction', `t=${SENT_AT}.5,v1=${v1Of(signed())}`, NOW, 'malformed'],
    ['a date for a timestamp', `t=2026-11-21,v1=${v1Of(signed())}`, NOW, 'malformed'],
    ['a signature that is not hex', `t=${SENT_AT},v1=${'z'.repeat(64)}`, NOW, 'malformed'],
    ['a short signature', `t=${SENT_AT},v1=${v1Of(signed()).slice(2)}`, NOW, 'malformed'],
    ['an element without a value', `t=${SENT_AT},v1`, NOW, 'malformed'],
    ['another body’s signature', signed('{"posts":[]}'), NOW, 'mismatch'],
    ['another secret’s signature', signed(BODY, SENT_AT, OLD_SECRET), NOW, 'mismatch'],
    [
      'a signature moved to another time',
      `t=${SENT_AT + 1},v1=${v1Of(signed())}`,
      secondsLater(1),
      'mismatch',
    ],
    [
      'a forged signature that is also old',
      signed(BODY, SENT_AT, OLD_SECRET),
      secondsLater(3600),
      'mismatch',
    ],
    ['a replay 301 s later', signed(), secondsLater(METRICS_WEBHOOK_TOLERANCE_SECONDS + 1), 'stale'],
    [
      'a request 301 s ahead of our clock',
      signed(),
      secondsLater(-METRICS_WEBHOOK_TOLERANCE_SECONDS - 1),
      'stale',
    ],
  ] as const)('refuses %s', (_case, header, now, reason) => {
    expect(verifyMetricsWebhook(SECRET, BODY, header, now)).toEqual({ ok: false, reason });
  });

  it('refuses the body changed by a single character, or parsed and written again', () => {
    const header = signed();
    expect(verifyMetricsWebhook(SECRET, BODY.replace('1200', '1201'), header, NOW)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifyMetricsWebhook(SECRET, JSON.stringify(JSON.parse(BODY), null, 2), header, NOW)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('refuses everything while no secret is configured, even a body signed with an empty key', () => {
    const emptyKeySignature = createHmac('sha256', '').update(`${SENT_AT}.${BODY}`).digest('hex');
    const emptyKeyHeader = `t=${SENT_AT},v1=${emptyKeySignature}`;
    expect(verifyMetricsWebhook('', BODY, emptyKeyHeader, NOW)).toEqual({ ok: false, reason: 'no-secret' });
    expect(verifyMetricsWebhook('', BODY, signed(), NOW)).toEqual({ ok: false, reason: 'no-secret' });
  });

  it('never tells the expected signature', () => {
    const answer = JSON.stringify(verifyMetricsWebhook(SECRET, BODY, signed('{}'), NOW));
    expect(answer).not.toContain(v1Of(signed()));
    expect(answer).not.toContain(SECRET);
  });
});
