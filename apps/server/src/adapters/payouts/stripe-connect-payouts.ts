import {
  describeTransportFailure,
  fetchText,
  isRecord,
  parseJson,
  ProviderTransportError,
  retryAfterSeconds as readRetryAfter,
  withoutSecrets,
  type ProviderReply,
} from '../http/provider-http';
import {
  PayoutsRejected,
  PayoutsUnavailable,
  silentPayoutsLogger,
  type PayoutsLogger,
  type PayoutsProvider,
  type ProviderErrorDetails,
  type Wallet,
} from './payouts-provider';

export type StripeConnectOptions = {
  /** `https://api.stripe.com` in production. */
  baseUrl: string;
  secretKey: string;
  /** A time-out is safe to retry: the idempotency key makes Stripe replay the first answer. */
  timeoutMs?: number;
  logger?: PayoutsLogger;
};

const DEFAULT_TIMEOUT_MS = 15_000;
/** Stripe refuses longer idempotency keys. */
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/**
 * Creates Stripe Connect Express accounts (Stripe then collects the creator's bank details itself) and
 * transfers payments to them.
 */
export function createStripeConnectPayouts(options: StripeConnectOptions): PayoutsProvider {
  const stripe = createStripeApi(options);
  return {
    name: 'stripe',
    async createWallet(owner, idempotencyKey) {
      const account = await stripe.post(
        '/v1/accounts',
        {
          type: 'express',
          country: owner.country,
          email: owner.email,
          business_type: 'individual',
          individual: { first_name: owner.firstName, last_name: owner.lastName, email: owner.email },
          capabilities: { transfers: { requested: true } },
          metadata: { creator_id: owner.creatorId },
        },
        idempotencyKey,
      );
      return walletFromAccount(account);
    },
    async transfer(request, idempotencyKey) {
      // Stripe Connect: a transfer from the platform's balance to the connected account, which Stripe then
      // pays out to the creator's bank on the account's own schedule.
      const transfer = await stripe.post(
        '/v1/transfers',
        {
          amount: request.amountMinor,
          currency: request.currency.toLowerCase(),
          destination: request.walletId,
          description: request.description,
          transfer_group: `payment_${request.paymentId}`,
          metadata: { payment_id: request.paymentId },
        },
        idempotencyKey,
      );
      if (!isRecord(transfer) || typeof transfer.id !== 'string' || !transfer.id.startsWith('tr_')) {
        throw new PayoutsUnavailable('Stripe answered 200 without a transfer id');
      }
      return { kind: 'sent', reference: transfer.id };
    },
  };
}

type StripeAccount = {
  id: string;
  payouts_enabled?: boolean;
  requirements?: { currently_due?: string[] | null } | null;
};

function walletFromAccount(body: unknown): Wallet {
  if (!isRecord(body) || typeof body.id !== 'string' || !body.id.startsWith('acct_')) {
    throw new PayoutsUnavailable('Stripe answered 200 without an account id');
  }
  const account = body as StripeAccount;
  const currentlyDue = account.requirements?.currently_due ?? [];
  const payoutsEnabled = account.payouts_enabled === true;
  const needsAction = !payoutsEnabled || currentlyDue.length > 0;
  return {
    provider: 'stripe',
    walletId: account.id,
    needsAction,
    note: needsAction
      ? 'Stripe created the payout account, but the creator must finish Stripe’s onboarding (bank details ' +
        'and identity) before they can be paid.' +
        (currentlyDue.length > 0 ? ` Stripe still needs: ${currentlyDue.join(', ')}.` : '')
      : 'Stripe created the payout account and payouts are enabled.',
  };
}

type FormValue = string | number | boolean | { [key: string]: FormValue };

/** The one place that talks HTTP to Stripe, so further endpoints (payouts, account links) reuse it. */
function createStripeApi(options: StripeConnectOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const logger = options.logger ?? silentPayoutsLogger;
  // Stripe quotes a masked key in its 401 message; should any message ever carry the whole key, it
  // must not travel on into our errors and logs.
  const withoutSecret = (text: string) => withoutSecrets(text, [options.secretKey]);

  async function post(path: string, params: Record<string, FormValue>, idempotencyKey: string) {
    if (!idempotencyKey.trim() || idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
      throw new PayoutsRejected(
        `An idempotency key of 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters is required, so that a retry cannot create a second account.`,
      );
    }
    let response: ProviderReply;
    try {
      response = await fetchText(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': idempotencyKey,
        },
        body: encodeForm(params),
        // A redirect would carry the secret key to wherever it points.
        redirect: 'error',
        timeoutMs,
      });
    } catch (error) {
      if (!(error instanceof ProviderTransportError)) throw error;
      throw new PayoutsUnavailable(describeTransportFailure('Stripe', error, timeoutMs), {
        cause: error.cause,
      });
    }

    // A proxy in front of Stripe may answer with an HTML page: its status still decides.
    const body = parseJson(response.text);
    if (response.ok) return body;

    const stripeError = readStripeError(body);
    const requestId = response.headers.get('request-id');
    const details: ProviderErrorDetails = {
      status: response.status,
      ...(stripeError.type ? { type: stripeError.type } : {}),
      ...(stripeError.code ? { code: stripeError.code } : {}),
      ...(stripeError.param ? { param: stripeError.param } : {}),
      ...(requestId ? { requestId } : {}),
    };
    const said = stripeError.message ? `: ${withoutSecret(stripeError.message)}` : '';

    // Stripe answers 409 while another request with the same idempotency key is still running.
    if (response.status === 409 || response.status === 429 || response.status >= 500) {
      const retryAfterSeconds = readRetryAfter(response.headers.get('retry-after'));
      throw new PayoutsUnavailable(`Stripe could not take the request now (${response.status})${said}`, {
        details,
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      });
    }
    if (response.status === 401 || response.status === 403) {
      // Only the operator can fix these, and nothing on the creator's side will.
      logger.error(
        { provider: 'stripe', ...details },
        response.status === 401
          ? 'Stripe refused the secret key: check STRIPE_SECRET_KEY'
          : 'Stripe refused the platform this request: check the key’s permissions and that Connect is enabled',
      );
    }
    if (response.status >= 400) {
      throw new PayoutsRejected(`Stripe refused the request (${response.status})${said}`, details);
    }
    throw new PayoutsUnavailable(`Stripe gave an unexpected answer (${response.status})`, { details });
  }

  return { post };
}

/**
 * Stripe's form encoding: nested objects in bracket notation (`individual[first_name]=…`), brackets
 * left readable as Stripe's own libraries send them, everything else percent-encoded (a `+` in an email
 * address would otherwise arrive as a space).
 */
function encodeForm(params: Record<string, FormValue>): string {
  const pairs: string[] = [];
  const add = (key: string, value: FormValue) => {
    if (typeof value === 'object') {
      for (const [childKey, childValue] of Object.entries(value)) add(`${key}[${childKey}]`, childValue);
      return;
    }
    const encodedKey = encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']');
    pairs.push(`${encodedKey}=${encodeURIComponent(String(value))}`);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return pairs.join('&');
}

type StripeErrorBody = { type?: string; code?: string; message?: string; param?: string };

function readStripeError(body: unknown): StripeErrorBody {
  if (!isRecord(body) || !isRecord(body.error)) return {};
  const { type, code, message, param } = body.error;
  return {
    ...(typeof type === 'string' ? { type } : {}),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof message === 'string' ? { message } : {}),
    ...(typeof param === 'string' ? { param } : {}),
  };
}
