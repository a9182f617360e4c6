import { createHmac, timingSafeEqual } from 'node:crypto';
import { isRecord } from '../http/provider-http';

/** The header carrying Onfido's signature (Node lower-cases header names). */
export const ONFIDO_SIGNATURE_HEADER = 'x-sha2-signature';

export type OnfidoWebhookEvent = {
  /** e.g. `check`, `report`, `workflow_run`. */
  resourceType: string;
  /** e.g. `check.completed`. */
  action: string;
  objectId: string;
  /**
   * The object's Onfido status as the event gives it; Onfido leaves it out for some resource types. The
   * event carries no result: fetch the check (getCheck) for the outcome rather than trusting this alone.
   */
  status: string | null;
  completedAt: string | null;
};

export type OnfidoWebhookVerification =
  { ok: true; event: OnfidoWebhookEvent } | { ok: false; reason: string };

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * Checks an Onfido webhook: `X-SHA2-Signature` is the hex HMAC-SHA256 of the raw body keyed with the
 * webhook's token. It must be given the body exactly as received: JSON parsed and serialised again no
 * longer matches. Onfido signs no timestamp, so a replayed event verifies; it is harmless as long as the
 * caller acts on the check it fetches, not on the event. Reasons never include the expected signature,
 * which would let anyone forge one.
 */
export function verifyOnfidoWebhook(
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
  webhookToken: string,
): OnfidoWebhookVerification {
  // With an empty key anyone can compute the signature: refuse everything until a token is configured.
  if (webhookToken === '') return { ok: false, reason: 'no webhook token is configured' };
  if (signatureHeader === undefined || signatureHeader.trim() === '') {
    return { ok: false, reason: 'the signature header is missing' };
  }
  const givenHex = signatureHeader.trim();
  if (!HEX_SHA256.test(givenHex)) return { ok: false, reason: 'the signature is not a hex SHA-256 digest' };

  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  const expected = createHmac('sha256', webhookToken).update(body).digest();
  if (!timingSafeEqual(Buffer.from(givenHex, 'hex'), expected)) {
    return { ok: false, reason: 'the signature does not match the body' };
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return { ok: false, reason: 'the body is not JSON' };
  }
  const payload = isRecord(parsed) ? parsed.payload : undefined;
  const object = isRecord(payload) ? payload.object : undefined;
  if (
    !isRecord(payload) ||
    !isRecord(object) ||
    !nonEmptyString(payload.resource_type) ||
    !nonEmptyString(payload.action) ||
    !nonEmptyString(object.id)
  ) {
    return {
      ok: false,
      reason: 'the body is not an Onfido event (payload.resource_type, action, object.id)',
    };
  }
  return {
    ok: true,
    event: {
      resourceType: payload.resource_type,
      action: payload.action,
      objectId: object.id,
      status: nonEmptyString(object.status) ? object.status : null,
      completedAt: nonEmptyString(object.completed_at_iso8601) ? object.completed_at_iso8601 : null,
    },
  };
}
