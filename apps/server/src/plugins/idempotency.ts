import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import {
  ERROR_CODES,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyKeyHeadersSchema,
  isIdempotencyKey,
} from '@platform/shared';
import { AppError, errors } from '../errors';
import { currentUser } from './access';
import { errorResponses } from './errors';
import type { IdempotencyScope, IdempotencyStore, StoredAnswer } from './idempotency-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's write may be retried with an `Idempotency-Key` header (DESIGN §5, ADR 019): the same key
     * replays the first answer. Only for routes that need a session, since keys are kept per account.
     */
    idempotent?: boolean;
  }
}

/** For the descriptions of routes that take the header. */
export const IDEMPOTENT_WRITE_NOTE =
  'Safe to retry with an `Idempotency-Key` header: the same key replays the first answer.';

export const DEFAULT_IDEMPOTENCY_WAIT_MS = 10_000;
const FIRST_PAUSE_MS = 10;
const LONGEST_PAUSE_MS = 250;

/**
 * Never stored with an answer: a cookie belongs to the session that got it, and the rest describe one
 * connection or one transfer (compression is applied again to each replay).
 */
const NOT_REPLAYED = new Set([
  'set-cookie',
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
]);

type HeaderValues = Record<string, string | string[]>;

type KeyedRequest = {
  scope: IdempotencyScope;
  requestHash: string;
  /** Set once this request holds the key and its handler is about to run. */
  claimId?: string;
  headersBeforeHandler?: HeaderValues;
};

const keyReused = () => new AppError(422, ERROR_CODES.idempotencyKeyReused, IDEMPOTENCY_MESSAGES.reused);
const stillInProgress = () =>
  new AppError(409, ERROR_CODES.idempotencyKeyInProgress, IDEMPOTENCY_MESSAGES.inProgress, undefined, {
    'retry-after': '1',
  });

/** JSON with every object's keys sorted, so that two bodies differing only in key order hash alike. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item: unknown) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .filter((name) => record[name] !== undefined)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonicalJson(record[name])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What makes two requests the same request: the method, the route with its parameters and query, and the
 * body as parsed (before the route's schema trims or fills it in, so a body the schema would read alike
 * but that was sent differently still counts as different).
 */
function requestHashOf(request: FastifyRequest): string {
  const described = canonicalJson([
    request.method,
    request.routeOptions.url,
    request.params,
    request.query,
    request.body,
  ]);
  return createHash('sha256').update(described).digest('hex');
}

function headerValues(reply: FastifyReply): HeaderValues {
  const values: HeaderValues = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined) continue;
    values[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return values;
}

/**
 * The headers the route and the error handler set: those every request gets (security headers, the
 * request id) were there before the handler ran, and are set afresh on a replay.
 */
function headersOfAnswer(before: HeaderValues, after: HeaderValues): HeaderValues {
  const kept: HeaderValues = {};
  for (const [name, value] of Object.entries(after)) {
    if (NOT_REPLAYED.has(name)) continue;
    if (JSON.stringify(before[name]) === JSON.stringify(value)) continue;
    kept[name] = value;
  }
  return kept;
}

/** The bytes of a finished answer, or null for a stream, which cannot be kept to replay. */
function bytesOf(payload: unknown): Buffer | null {
  if (payload === undefined || payload === null) return Buffer.alloc(0);
  if (typeof payload === 'string') return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  return null;
}

const hooksOf = <Hook>(hooks: Hook | Hook[] | undefined): Hook[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * An idempotent route takes the header and can answer 409 and 422 besides its own answers: the OpenAPI
 * document shows both, so no route has to repeat them.
 */
function withIdempotencyDocumented(route: RouteOptions): FastifySchema {
  const schema = route.schema ?? {};
  if (schema.headers) {
    throw new Error(
      `${[route.method].flat().join(',')} ${route.url} is idempotent and declares headers of its own; ` +
        'the Idempotency-Key header would replace them',
    );
  }
  const response = (schema.response ?? {}) as Record<string, unknown>;
  return {
    ...schema,
    headers: idempotencyKeyHeadersSchema,
    response: { ...errorResponses(409, 422), ...response },
  };
}

/** The request's key and hash, or nothing without the header; a malformed key is a 400. */
function keyedRequestOf(request: FastifyRequest): KeyedRequest | undefined {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !isIdempotencyKey(key)) {
    throw errors.validation([{ field: 'Idempotency-Key', message: IDEMPOTENCY_MESSAGES.invalidKey }]);
  }
  const scope = {
    accountId: currentUser(request).accountId,
    method: request.method,
    route: request.routeOptions.url ?? request.url,
    key,
  };
  return { scope, requestHash: requestHashOf(request) };
}

/** The stored answer sent again, marked as replayed. */
function replay(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  void reply.code(answer.status).headers(answer.headers).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (answer.contentType) void reply.type(answer.contentType);
  return reply.send(answer.body);
}

/**
 * Idempotency keys (DESIGN §5, ADR 019) for the routes that opt in with `config.idempotent`. A request with
 * the header is recorded per caller, method, route and key with a hash of the request: the first runs and
 * its answer is stored (5xx excepted: the key is let go, so a retry runs again); the same request again
 * gets that answer replayed without running; another request with that key is 422; one that arrives while
 * the first is running waits for its answer (409 after `waitMs`). Without the header nothing changes. The
 * key itself is never logged.
 */
export function registerIdempotency(
  app: FastifyInstance,
  options: { store: IdempotencyStore; waitMs?: number },
): void {
  const { store } = options;
  const waitMs = options.waitMs ?? DEFAULT_IDEMPOTENCY_WAIT_MS;
  const keyed = new WeakMap<FastifyRequest, KeyedRequest>();

  // Once the body is parsed and the input guard has passed it, before the route's schema.
  const readKey = async (request: FastifyRequest): Promise<void> => {
    const state = keyedRequestOf(request);
    if (state) keyed.set(request, state);
  };

  // Last before the handler, once the schema has accepted the request: a request refused before it gets
  // here is refused the same way every time, and is not worth keeping.
  const claimOrReplay = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | void> => {
    const state = keyed.get(request);
    if (!state) return;
    const { scope, requestHash } = state;
    const deadline = performance.now() + waitMs;
    let pause = FIRST_PAUSE_MS;
    for (;;) {
      const claimId = await store.claim(scope, requestHash);
      if (claimId) {
        state.claimId = claimId;
        state.headersBeforeHandler = headerValues(reply);
        return;
      }
      const held = await store.find(scope);
      if (held && held.requestHash !== requestHash) throw keyReused();
      if (held?.answer) return replay(reply, held.answer);
      const left = deadline - performance.now();
      if (left <= 0) throw stillInProgress();
      // A key let go between the claim and the read is claimed again at once; one still held is polled.
      if (held) {
        await sleep(Math.min(pause, left));
        pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
      }
    }
  };

  // First of the route's onSend hooks, so that it keeps the payload as serialised, before compression.
  const recordAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const state = keyed.get(request);
    if (!state?.claimId) return payload;
    keyed.delete(request);
    const { scope, claimId } = state;
    const body = bytesOf(payload);
    try {
      if (reply.statusCode >= 500 || body === null) {
        await store.release(scope, claimId);
      } else {
        const contentType = reply.getHeader('content-type');
        await store.complete(scope, claimId, {
          status: reply.statusCode,
          contentType: typeof contentType === 'string' ? contentType : null,
          headers: headersOfAnswer(state.headersBeforeHandler ?? {}, headerValues(reply)),
          body,
        });
      }
    } catch (error) {
      // The caller still gets the answer; the unrecorded claim is taken over once it counts as abandoned.
      request.log.error({ err: error }, 'the answer to an idempotent request could not be recorded');
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    if (!route.config.access || route.config.access.kind === 'public') {
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url} is idempotent but public: keys are kept per account`,
      );
    }
    route.schema = withIdempotencyDocumented(route);
    route.preValidation = [...hooksOf(route.preValidation), readKey];
    route.preHandler = [...hooksOf(route.preHandler), claimOrReplay];
    route.onSend = [recordAnswer, ...hooksOf(route.onSend)];
  });
}
