import {
  describeTransportFailure,
  fetchText,
  isRecord,
  parseJson,
  ProviderTransportError,
  withoutSecrets,
  type ProviderReply,
} from '../http/provider-http';
import { FundingRejected, FundingUnavailable, type FundingProvider, type TopUp } from './funding-provider';

export type StripeTopUpsOptions = {
  /** `https://api.stripe.com` in production. */
  baseUrl: string;
  secretKey: string;
  /** A time-out is safe to retry: the idempotency key makes Stripe replay the first answer. */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 15_000;

/** Stripe's top-up statuses: `pending` until the bank debit clears, then one of the others. */
const STATUSES: Record<string, TopUp['status']> = {
  pending: 'PENDING',
  succeeded: 'SUCCEEDED',
  failed: 'FAILED',
  canceled: 'FAILED',
  reversed: 'FAILED',
};

/** Tops up the platform's Stripe balance from its bank account (`POST /v1/topups`) for a campaign's budget. */
export function createStripeTopUps(options: StripeTopUpsOptions): FundingProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const withoutSecret = (text: string) => withoutSecrets(text, [options.secretKey]);

  async function send(path: string, init: { method: 'GET' | 'POST'; form?: URLSearchParams; key?: string }) {
    let response: ProviderReply;
    try {
      response = await fetchText(`${baseUrl}${path}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(init.key ? { 'idempotency-key': init.key } : {}),
        },
        ...(init.form ? { body: init.form.toString().replace(/%5B/g, '[').replace(/%5D/g, ']') } : {}),
        // A redirect would carry the secret key to wherever it points.
        redirect: 'error',
        timeoutMs,
      });
    } catch (error) {
      if (!(error instanceof ProviderTransportError)) throw error;
      throw new FundingUnavailable(describeTransportFailure('Stripe', error, timeoutMs), {
        cause: error.cause,
      });
    }
    const body = parseJson(response.text);
    if (response.ok) return topUpOf(body);
    const message = isRecord(body) && isRecord(body.error) ? body.error.message : undefined;
    const said = typeof message === 'string' ? withoutSecret(message) : `status ${response.status}`;
    // 409: another request with this idempotency key is still running; 429 and 5xx: try again later.
    if (response.status === 409 || response.status === 429 || response.status >= 500) {
      throw new FundingUnavailable(`Stripe could not take the request now (${response.status}): ${said}`);
    }
    throw new FundingRejected(said);
  }

  return {
    name: 'stripe',
    topUp(request, idempotencyKey) {
      const form = new URLSearchParams({
        amount: String(request.amountMinor),
        currency: request.currency.toLowerCase(),
        description: request.description,
        'metadata[campaign_id]': request.campaignId,
        'metadata[funding_id]': request.fundingId,
      });
      return send('/v1/topups', { method: 'POST', form, key: idempotencyKey });
    },
    lookUp(reference) {
      return send(`/v1/topups/${encodeURIComponent(reference)}`, { method: 'GET' });
    },
  };
}

function topUpOf(body: unknown): TopUp {
  if (!isRecord(body) || typeof body.id !== 'string' || !body.id.startsWith('tu_')) {
    throw new FundingUnavailable('Stripe answered 200 without a top-up id');
  }
  const status = typeof body.status === 'string' ? STATUSES[body.status] : undefined;
  if (!status)
    throw new FundingUnavailable(`Stripe answered a top-up in an unknown status: ${String(body.status)}`);
  const said = typeof body.failure_message === 'string' ? body.failure_message : null;
  return {
    reference: body.id,
    status,
    failure: status === 'FAILED' ? (said ?? `The top-up was ${String(body.status)}.`) : null,
  };
}
