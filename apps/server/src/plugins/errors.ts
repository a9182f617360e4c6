import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  ERROR_CODES,
  errorResponseSchema,
  type ErrorResponse,
  type FieldError,
} from '@platform/shared';
import { AppError } from '../errors';

/** A body said to be JSON that does not parse as JSON, whatever refused it. */
export const NOT_JSON_MESSAGE = 'The request body is not valid JSON.';

/** A route's error statuses for its response schema: each answers in the one error format. */
export function errorResponses<Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    Status,
    typeof errorResponseSchema
  >;
}

/** What every form-encoded route can answer besides success. */
export const FORM_ROUTE_ERRORS = errorResponses(400, 401, 409, 410, 413, 415, 422, 429);

function body(request: FastifyRequest, code: string, message: string, details?: FieldError[]): ErrorResponse {
  return { error: { code, message, ...(details ? { details } : {}), requestId: request.id } };
}

function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
}

/** Each field a schema refused, with its message: for a route that answers them in its own way. */
export function validationDetails(error: unknown): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error))
    return [{ field: 'body', message: 'The request is not valid.' }];
  return error.validation.map((issue) => ({
    field: fieldName(issue.instancePath),
    message: issue.message ?? 'The request is not valid.',
  }));
}

const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ERROR_CODES.unsupportedMediaType,
    message: 'This content type is not supported here.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: ERROR_CODES.payloadTooLarge,
    message: 'The request is too large.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: ERROR_CODES.malformedRequest,
    message: NOT_JSON_MESSAGE,
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: ERROR_CODES.malformedRequest,
    message: 'The request body is empty.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: ERROR_CODES.malformedRequest,
    message: 'The request body does not match its length.',
  },
};

/**
 * The project's code for any other refusal a framework or plugin raises with a 4xx status of its own (a
 * compressed body that does not inflate, say): clients read codes from one table, so none may leak a
 * framework's. Any other status keeps its number and says the request could not be read.
 */
const REFUSALS_BY_STATUS: Record<number, { code: string; message: string }> = {
  401: { code: ERROR_CODES.unauthenticated, message: AUTH_MESSAGES.sessionExpired },
  403: { code: ERROR_CODES.forbidden, message: 'You do not have permission to do this.' },
  404: { code: ERROR_CODES.notFound, message: 'Not found.' },
  408: { code: ERROR_CODES.requestTimeout, message: 'The request took too long to arrive.' },
  413: { code: ERROR_CODES.payloadTooLarge, message: 'The request is too large.' },
  415: {
    code: ERROR_CODES.unsupportedMediaType,
    message: 'The request body is in a type or encoding this route does not take.',
  },
  429: { code: ERROR_CODES.rateLimited, message: 'Too many requests. Please slow down.' },
};
const UNREADABLE = { code: ERROR_CODES.malformedRequest, message: 'The request could not be read.' };

type RefusalReason = { status: number; code: string; message: string };

const BEFORE_ROUTING: Record<string, RefusalReason> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: ERROR_CODES.requestTimeout,
    message: 'The request took too long to arrive.',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: ERROR_CODES.headersTooLarge,
    message: 'The request headers are too large.',
  },
  FST_ERR_BAD_URL: {
    status: 400,
    code: ERROR_CODES.badUrl,
    message: 'The address of this request is not valid.',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: ERROR_CODES.urlTooLong,
    message: 'The address of this request is too long.',
  },
};
const MALFORMED: RefusalReason = {
  status: 400,
  code: ERROR_CODES.malformedRequest,
  message: 'The request is not valid HTTP.',
};

/**
 * A raw HTTP error response for a connection on which no request could be read: the same error format,
 * security headers, and the connection closed.
 */
export function rawErrorResponse(
  reason: RefusalReason,
  requestId: string,
  headers: Readonly<Record<string, string>>,
): string {
  const payload = JSON.stringify({ error: { code: reason.code, message: reason.message, requestId } });
  const lines = [
    `HTTP/1.1 ${reason.status} ${STATUS_CODES[reason.status] ?? 'Error'}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(payload)}`,
    `x-request-id: ${requestId}`,
    'connection: close',
  ];
  return `${lines.join('\r\n')}\r\n\r\n${payload}`;
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (malformed syntax, headers too large,
 * a request or its body too slow to arrive). They get the one error format too, never an echo of the input.
 */
export function clientErrorHandler(headers: Readonly<Record<string, string>>) {
  return function answerClientError(
    this: FastifyInstance,
    error: Error & { code?: string },
    socket: Socket,
  ): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const reason = (error.code && BEFORE_ROUTING[error.code]) || MALFORMED;
    const requestId = randomUUID();
    this.log.info(
      { requestId, reason: error.code, remoteAddress: socket.remoteAddress, statusCode: reason.status },
      'request refused before routing',
    );
    // Node's own check: once a response has started on this socket, another one would corrupt it.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) socket.write(rawErrorResponse(reason, requestId, headers));
    socket.destroy();
  };
}

/** Fastify's errors from before routing (an undecodable or overlong URL), in the one format. */
export function frameworkErrorHandler(
  headersFor: (request: FastifyRequest) => Readonly<Record<string, string>>,
) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const reason = BEFORE_ROUTING[error.code] ?? MALFORMED;
    void reply
      .headers(headersFor(request))
      .header('x-request-id', request.id)
      .status(reason.status)
      .send(body(request, reason.code, reason.message));
  };
}

export function registerErrorHandling(
  app: FastifyInstance,
  /** The web app, whose pages answer what no route does (deep links into the single-page app). */
  pages?: {
    isPageRequest(request: FastifyRequest): boolean;
    sendPage(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  },
): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      void reply
        .headers(error.headers)
        .status(error.statusCode)
        .send(body(request, error.code, error.message, error.details));
      return;
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = validationDetails(error);
      void reply
        .status(400)
        .send(
          body(
            request,
            ERROR_CODES.validationFailed,
            details[0]?.message ?? 'The request is not valid.',
            details,
          ),
        );
      return;
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) {
      void reply.status(known.status).send(body(request, known.code, known.message));
      return;
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const refusal = REFUSALS_BY_STATUS[status];
      void reply
        .status(status)
        .send(body(request, (refusal ?? UNREADABLE).code, (refusal ?? UNREADABLE).message));
      return;
    }
    request.log.error({ err: error }, 'request failed');
    void reply.status(500).send(body(request, ERROR_CODES.internal, AUTH_MESSAGES.unknownError));
  });

  app.setNotFoundHandler((request, reply) => {
    if (pages?.isPageRequest(request)) {
      void pages.sendPage(request, reply);
      return;
    }
    void reply.status(404).send(body(request, ERROR_CODES.notFound, 'Not found.'));
  });
}
