import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';

const SECRET_QUERY_PARAMETERS = /([?&](?:hint|token|password|newPassword)=)[^&#]*/gi;
/** Report links carry their token in the path (the API's and the web app's page for it). */
const SECRET_PATH_SEGMENTS = /^((?:\/server-api\/shared-reports|\/shared\/reports)\/)[^/?#]+/;

/** Links carry secrets in their query string or path; logs keep the path and drop the values. */
export function redactUrl(url: string): string {
  const path = url.replace(SECRET_PATH_SEGMENTS, '$1[redacted]');
  return path.includes('?') ? path.replace(SECRET_QUERY_PARAMETERS, '$1[redacted]') : path;
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});

const SECRET_FIELDS = ['password', 'newPassword', 'hint', 'token', 'id_token', 'authorization', 'cookie'];

/**
 * Never logged, at the top of a logged object or inside the request, its headers or a body. The paths
 * are spelled out rather than wildcards: a wildcard path costs each log line several microseconds, and
 * the serializers above already choose what a request or an error shows.
 */
export const REDACTED_PATHS = [
  ...SECRET_FIELDS,
  ...['req', 'req.headers', 'headers', 'body', 'req.body'].flatMap((parent) =>
    SECRET_FIELDS.map((field) => `${parent}.${field}`),
  ),
];

type SerializedError = {
  type: string;
  message: string;
  code?: string;
  sqlState?: string;
  query?: string;
  stack: string;
  cause?: SerializedError;
  [field: string]: unknown;
};

/** What a database error may say about itself: where it happened, never what the values were. */
const DATABASE_ERROR_FIELDS = ['severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'];
const QUOTED_VALUE = /"(?:[^"\\]|\\.)*"/g;
const MAX_CAUSES = 3;

type DatabaseError = Error & { code: string; severity: string };

function isDatabaseError(error: Error): error is DatabaseError {
  const candidate = error as Partial<DatabaseError>;
  return (
    typeof candidate.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(candidate.code) &&
    typeof candidate.severity === 'string'
  );
}

/** The stack's frames without its first lines, which repeat the message (and with it any values). */
function framesOnly(stack: string | undefined): string {
  const firstFrame = stack?.indexOf('\n    at ') ?? -1;
  return stack && firstFrame !== -1 ? stack.slice(firstFrame + 1) : '';
}

/**
 * Errors go to the log through this allowlist alone. A failed query's error carries its parameters
 * (a password hash, an email, a token) in its message, its stack and its fields, and the database's
 * own message quotes the offending value; so for those only the statement's text (which holds
 * placeholders, never values), the SQLSTATE and the names of the table, column or constraint are kept.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: 'A value that is not an Error was thrown', stack: '' };
  }
  let serialized: SerializedError;
  if (error instanceof DrizzleQueryError) {
    serialized = {
      type: 'DatabaseQueryError',
      message: 'A database query failed',
      query: error.query,
      stack: framesOnly(error.stack),
    };
  } else if (isDatabaseError(error)) {
    serialized = {
      type: 'DatabaseError',
      message: error.message.replace(QUOTED_VALUE, '"[redacted]"'),
      sqlState: error.code,
      stack: framesOnly(error.stack),
    };
    const fields = error as unknown as Record<string, unknown>;
    for (const field of DATABASE_ERROR_FIELDS) {
      if (typeof fields[field] === 'string') serialized[field] = fields[field];
    }
  } else {
    serialized = { type: error.name, message: error.message, stack: error.stack ?? '' };
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') serialized.code = code;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES)
    serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/**
 * One line per request, when it has been answered: method, path (secrets dropped), address, status and
 * time. Fastify's own pair of lines (one on arrival, one on completion) would cost twice as much. The
 * line holds nothing but what the serializers above choose, so it is written by a child logger without
 * the redaction pass, which would otherwise cost every request several microseconds for nothing.
 */
export class OneLinePerRequest extends LogController {
  private accessLog: FastifyBaseLogger | undefined;

  /** Called once the app's logger exists. */
  writeTo(logger: FastifyBaseLogger): void {
    this.accessLog = logger.child({}, { redact: [] });
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
      return;
    }
    (this.accessLog ?? reply.log).info(
      { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}
