import { describe, expect, it } from 'vitest';
import { onfidoCheckWebhookBody, signOnfidoWebhook } from '../../test/fakes/onfido';
import { verifyOnfidoWebhook } from './onfido-webhook';

const WEBHOOK_TOKEN = 'webhook-secret-token-a17c';

const completedBody = onfidoCheckWebhookBody({
  id: 'check-42',
  status: 'complete',
  completedAt: '2024-05-01T10:00:00Z',
});

function expectRefused(verification: ReturnType<typeof verifyOnfidoWebhook>, reason: RegExp) {
  expect(verification.ok).toBe(false);
  const shown = JSON.stringify(verification);
  expect(shown).toMatch(reason);
  expect(shown).not.toContain(WEBHOOK_TOKEN);
  expect(shown).not.toContain(signOnfidoWebhook(completedBody, WEBHOOK_TOKEN));
}

describe('verifying an Onfido webhook', () => {
  it('accepts a body signed with the webhook token, as a string or as bytes', () => {
    const signature = signOnfidoWebhook(completedBody, WEBHOOK_TOKEN);
    const expected = {
      ok: true,
      event: {
        resourceType: 'check',
        action: 'check.completed',
        objectId: 'check-42',
        status: 'complete',
        completedAt: '2024-05-01T10:00:00Z',
      },
    };

    expect(verifyOnfidoWebhook(completedBody, signature, WEBHOOK_TOKEN)).toEqual(expected);
    expect(verifyOnfidoWebhook(Buffer.from(completedBody), signature.toUpperCase(), WEBHOOK_TOKEN)).toEqual(
      expected,
    );
  });

  it('matches a signature computed elsewhere (openssl dgst -sha256 -hmac)', () => {
    const body =
      '{"payload":{"resource_type":"check","action":"check.completed","object":{"id":"check-123","status":"complete","completed_at_iso8601":"2024-05-01T10:00:00Z","href":"https://api.eu.onfido.com/v3.6/checks/check-123"}}}';
    const opensslSignature = 'ed51d8f942a69a6258ef8899066fcee6024a1b3a21d403a3f50af15c112130f4';

    const verification = verifyOnfidoWebhook(body, opensslSignature, 'vector-webhook-token');

    expect(verification).toMatchObject({ ok: true, event: { objectId: 'check-123' } });
  });

  it('gives null for what an event leaves out', () => {
    const body = onfidoCheckWebhookBody({ id: 'check-7', status: '', action: 'check.started' });
    expect(verifyOnfidoWebhook(body, signOnfidoWebhook(body, WEBHOOK_TOKEN), WEBHOOK_TOKEN)).toEqual({
      ok: true,
      event: {
        resourceType: 'check',
        action: 'check.started',
        objectId: 'check-7',
        status: null,
        completedAt: null,
      },
    });
  });

  it('refuses a signature made with another token', () => {
    const signature = signOnfidoWebhook(completedBody, 'someone-elses-token');
    expectRefused(verifyOnfidoWebhook(completedBody, signature, WEBHOOK_TOKEN), /does not match/);
  });

  it('refuses a missing or empty signature header', () => {
    expectRefused(verifyOnfidoWebhook(completedBody, undefined, WEBHOOK_TOKEN), /missing/);
    expectRefused(verifyOnfidoWebhook(completedBody, '  ', WEBHOOK_TOKEN), /missing/);
  });

  it('refuses a signature that is not a hex SHA-256 digest', () => {
    const signature = signOnfidoWebhook(completedBody, WEBHOOK_TOKEN);
    for (const malformed of [
      signature.slice(0, 63),
      `${signature}00`,
      `sha256=${signature}`,
      'z'.repeat(64),
    ]) {
      expectRefused(verifyOnfidoWebhook(completedBody, malformed, WEBHOOK_TOKEN), /not a hex SHA-256/);
    }
  });

  it('refuses a body changed after signing', () => {
    const signature = signOnfidoWebhook(completedBody, WEBHOOK_TOKEN);
    const tampered = completedBody.replace('check-42', 'check-43');
    expectRefused(verifyOnfidoWebhook(tampered, signature, WEBHOOK_TOKEN), /does not match/);
    const reserialised = JSON.stringify(JSON.parse(completedBody), null, 2);
    expectRefused(verifyOnfidoWebhook(reserialised, signature, WEBHOOK_TOKEN), /does not match/);
  });

  it('refuses a correctly signed body that is not JSON, or not an Onfido event', () => {
    const notJson = 'payload=check.completed';
    expectRefused(
      verifyOnfidoWebhook(notJson, signOnfidoWebhook(notJson, WEBHOOK_TOKEN), WEBHOOK_TOKEN),
      /not JSON/,
    );
    for (const notAnEvent of [
      '[]',
      '{"payload":{"resource_type":"check","action":"check.completed"}}',
      'null',
    ]) {
      expectRefused(
        verifyOnfidoWebhook(notAnEvent, signOnfidoWebhook(notAnEvent, WEBHOOK_TOKEN), WEBHOOK_TOKEN),
        /not an Onfido event/,
      );
    }
  });

  it('refuses everything while no webhook token is configured', () => {
    const signedWithEmptyKey = signOnfidoWebhook(completedBody, '');
    expectRefused(verifyOnfidoWebhook(completedBody, signedWithEmptyKey, ''), /no webhook token/);
  });
});
