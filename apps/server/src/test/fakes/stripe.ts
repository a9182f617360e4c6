import { randomBytes } from 'node:crypto';
import { startFakeHttpServer, type FakeReply, type RecordedRequest } from '../fake-http-server';

/** The error body every Stripe endpoint answers with. */
export function stripeError(
  status: number,
  error: { type: string; code?: string; message: string; param?: string },
  headers: Record<string, string> = {},
): FakeReply {
  return { status, headers: { 'request-id': requestId(), ...headers }, body: { error } };
}

/** Errors as Stripe words them, for tests to answer with. */
export const stripeErrors = {
  rateLimited: (retryAfterSeconds?: number) =>
    stripeError(
      429,
      {
        type: 'invalid_request_error',
        code: 'rate_limit',
        message:
          'Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.',
      },
      retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) },
    ),
  apiError: (status = 500) =>
    stripeError(status, { type: 'api_error', message: 'An unknown error occurred' }),
  idempotencyKeyInUse: (key: string) =>
    stripeError(409, {
      type: 'idempotency_error',
      code: 'idempotency_key_in_use',
      message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
    }),
  permission: () =>
    stripeError(403, {
      type: 'invalid_request_error',
      message: 'You can only create new accounts if you’ve signed up for Connect.',
    }),
  paymentRequired: () =>
    stripeError(402, {
      type: 'card_error',
      code: 'account_invalid',
      message: 'The account is not able to accept this request.',
    }),
  notFound: () =>
    stripeError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: 'Unrecognized request URL (POST: /v1/accounts).',
    }),
};

export type FakeStripeAccount = {
  id: string;
  object: 'account';
  type: string;
  country: string;
  email: string;
  business_type: string;
  created: number;
  charges_enabled: boolean;
  details_submitted: boolean;
  payouts_enabled: boolean;
  capabilities: Record<string, string>;
  requirements: {
    currently_due: string[];
    eventually_due: string[];
    past_due: string[];
    disabled_reason: string | null;
  };
  metadata: Record<string, string>;
};

/** What Stripe asks a new Express account for before it can be paid. */
const NEW_ACCOUNT_REQUIREMENTS = [
  'external_account',
  'individual.dob.day',
  'individual.dob.month',
  'individual.dob.year',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

const SUPPORTED_COUNTRIES = new Set(['AU', 'CA', 'DE', 'FR', 'GB', 'IE', 'NZ', 'US']);

/**
 * Stripe's `POST /v1/accounts`, `POST /v1/transfers` and `POST`/`GET /v1/topups` on loopback: checks the secret key, reads the form body in Stripe's
 * bracket notation, and keeps idempotency as Stripe does (the same key and parameters replay the first
 * answer with `Idempotent-Replayed: true`; the same key with other parameters is a 400). A test may
 * replace the next answer (`replyOnceWith`) or hold it back (`delayNextAnswer`) after the work is done,
 * as when an answer is lost on the way back.
 */
const ENDPOINTS: Record<string, 'account' | 'transfer' | 'topUp'> = {
  '/v1/accounts': 'account',
  '/v1/transfers': 'transfer',
  '/v1/topups': 'topUp',
};

export type FakeStripeTopUpStatus = 'pending' | 'succeeded' | 'failed' | 'canceled' | 'reversed';

export type FakeStripeTopUp = {
  id: string;
  object: 'topup';
  amount: number;
  currency: string;
  description: string | null;
  status: FakeStripeTopUpStatus;
  failure_message: string | null;
  created: number;
  metadata: Record<string, string>;
};

export async function startFakeStripe(options: { secretKey: string }) {
  const accounts: FakeStripeAccount[] = [];
  const transfers: { id: string; amount: number; currency: string; destination: string }[] = [];
  /** Connected accounts made elsewhere (a test's own), which transfers may go to. */
  const knownDestinations = new Set<string>();
  const topUps: FakeStripeTopUp[] = [];
  /** The status a new top-up is created in: `succeeded` as in test mode, or `pending` as a bank debit. */
  let topUpStatus: FakeStripeTopUpStatus = 'succeeded';
  const answersByIdempotencyKey = new Map<string, { body: string; reply: FakeReply }>();
  const nextReplies: FakeReply[] = [];
  let nextDelayMs = 0;

  const answer = (request: RecordedRequest): FakeReply => {
    const override = nextReplies.shift();
    if (override) return override;
    const authorization = request.headers.authorization ?? '';
    const key = authorization.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : '';
    if (key !== options.secretKey) {
      return stripeError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${maskKey(key)}`,
      });
    }
    const topUpId = request.method === 'GET' ? /^\/v1\/topups\/([^/?]+)$/.exec(request.url)?.[1] : undefined;
    if (topUpId) return lookUpTopUp(decodeURIComponent(topUpId));
    const endpoint = request.method === 'POST' ? ENDPOINTS[request.url] : undefined;
    if (!endpoint) return stripeErrors.notFound();
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return stripeError(400, {
        type: 'invalid_request_error',
        message: 'Invalid request: the body must be application/x-www-form-urlencoded.',
      });
    }

    const idempotencyKey = request.headers['idempotency-key'];
    if (typeof idempotencyKey === 'string') {
      const earlier = answersByIdempotencyKey.get(idempotencyKey);
      if (earlier && earlier.body !== request.body) {
        return stripeError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        });
      }
      if (earlier) {
        return { ...earlier.reply, headers: { ...earlier.reply.headers, 'idempotent-replayed': 'true' } };
      }
    }

    const form = new URLSearchParams(request.body);
    const reply =
      endpoint === 'account'
        ? createAccount(form)
        : endpoint === 'topUp'
          ? createTopUp(form)
          : createTransfer(form);
    // As at Stripe, a request refused by validation saves no result: it may be corrected and sent again.
    if (typeof idempotencyKey === 'string' && reply.status === 200) {
      answersByIdempotencyKey.set(idempotencyKey, { body: request.body, reply });
    }
    return reply;
  };

  const createTransfer = (form: URLSearchParams): FakeReply => {
    for (const param of ['amount', 'currency', 'destination']) {
      if (!form.get(param)) {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          param,
          message: `Missing required param: ${param}.`,
        });
      }
    }
    const destination = form.get('destination')!;
    if (!accounts.some((account) => account.id === destination) && !knownDestinations.has(destination)) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'destination',
        message: `No such destination: '${destination}'`,
      });
    }
    const transfer = {
      id: `tr_${randomBytes(12).toString('hex')}`,
      object: 'transfer',
      amount: Number(form.get('amount')),
      currency: form.get('currency')!,
      destination,
      description: form.get('description'),
      transfer_group: form.get('transfer_group'),
      created: Math.floor(Date.now() / 1000),
    };
    transfers.push(transfer);
    return { status: 200, headers: { 'request-id': requestId() }, body: transfer };
  };

  const lookUpTopUp = (id: string): FakeReply => {
    const topUp = topUps.find((candidate) => candidate.id === id);
    if (!topUp) {
      return stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'id',
        message: `No such topup: '${id}'`,
      });
    }
    return { status: 200, headers: { 'request-id': requestId() }, body: topUp };
  };

  const createTopUp = (form: URLSearchParams): FakeReply => {
    for (const param of ['amount', 'currency']) {
      if (!form.get(param)) {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          param,
          message: `Missing required param: ${param}.`,
        });
      }
    }
    const topUp: FakeStripeTopUp = {
      id: `tu_${randomBytes(12).toString('hex')}`,
      object: 'topup',
      amount: Number(form.get('amount')),
      currency: form.get('currency')!,
      description: form.get('description'),
      status: topUpStatus,
      failure_message: null,
      created: Math.floor(Date.now() / 1000),
      metadata: metadataOf(form),
    };
    topUps.push(topUp);
    return { status: 200, headers: { 'request-id': requestId() }, body: topUp };
  };

  const createAccount = (form: URLSearchParams): FakeReply => {
    for (const param of ['type', 'country']) {
      if (!form.get(param)) {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          param,
          message: `Missing required param: ${param}.`,
        });
      }
    }
    const country = form.get('country')!;
    if (!SUPPORTED_COUNTRIES.has(country)) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'country_unsupported',
        param: 'country',
        message: `Connected accounts in ${country} are not supported for your platform.`,
      });
    }
    const metadata = metadataOf(form);
    const account: FakeStripeAccount = {
      id: `acct_${randomBytes(8).toString('hex').toUpperCase()}`,
      object: 'account',
      type: form.get('type')!,
      country,
      email: form.get('email') ?? '',
      business_type: form.get('business_type') ?? '',
      created: Math.floor(Date.now() / 1000),
      charges_enabled: false,
      details_submitted: false,
      payouts_enabled: false,
      capabilities:
        form.get('capabilities[transfers][requested]') === 'true' ? { transfers: 'inactive' } : {},
      requirements: {
        currently_due: NEW_ACCOUNT_REQUIREMENTS,
        eventually_due: NEW_ACCOUNT_REQUIREMENTS,
        past_due: NEW_ACCOUNT_REQUIREMENTS,
        disabled_reason: 'requirements.past_due',
      },
      metadata,
    };
    accounts.push(account);
    return { status: 200, headers: { 'request-id': requestId() }, body: account };
  };

  const server = await startFakeHttpServer((request) => {
    const reply = answer(request);
    const delayMs = nextDelayMs;
    nextDelayMs = 0;
    return delayMs ? { ...reply, delayMs } : reply;
  });

  return {
    url: server.url,
    requests: server.requests,
    /** Every account created, once each however often its creation was replayed. */
    accounts,
    /** Every transfer made, once each however often it was replayed. */
    transfers,
    /** Every top-up made, once each however often it was replayed. */
    topUps,
    /** The status top-ups are created in from now on. */
    createTopUpsAs(status: FakeStripeTopUpStatus) {
      topUpStatus = status;
    },
    /** A top-up's bank debit clears or fails, as Stripe would later tell. */
    settleTopUp(id: string, status: FakeStripeTopUpStatus, failureMessage: string | null = null) {
      const topUp = topUps.find((candidate) => candidate.id === id);
      if (!topUp) throw new Error(`no such top-up: ${id}`);
      Object.assign(topUp, { status, failure_message: failureMessage });
    },
    /** Lets transfers go to a connected account this fake did not create. */
    knowDestination(accountId: string) {
      knownDestinations.add(accountId);
    },
    /** Answers the next request with `reply` instead of doing the work. */
    replyOnceWith(reply: FakeReply) {
      nextReplies.push(reply);
    },
    /** Does the next request's work, then holds its answer back for `delayMs`. */
    delayNextAnswer(delayMs: number) {
      nextDelayMs = delayMs;
    },
    /** Forgets every request, account, idempotency key and pending override, as a fresh Stripe would. */
    reset() {
      server.requests.length = 0;
      accounts.length = 0;
      transfers.length = 0;
      topUps.length = 0;
      topUpStatus = 'succeeded';
      knownDestinations.clear();
      answersByIdempotencyKey.clear();
      nextReplies.length = 0;
      nextDelayMs = 0;
    },
    close: () => server.close(),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(name);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

function requestId() {
  return `req_${randomBytes(7).toString('hex')}`;
}

/** Stripe quotes a wrong key with all but its last four characters hidden. */
function maskKey(key: string) {
  const prefix = /^(sk|rk)_(test|live)_/.exec(key)?.[0] ?? '';
  return `${prefix}${'*'.repeat(Math.max(0, key.length - prefix.length - 4))}${key.slice(-4)}`;
}
