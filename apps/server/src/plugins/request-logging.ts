import type { FastifyRequest } from 'fastify';

const SECRET_QUERY_PARAMETERS = /([?&](?:hint|token|password|newPassword)=)[^&#]*/gi;

/** Links carry one-time secrets in their query string; logs keep the path and drop the values. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMETERS, '$1[redacted]');
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});

/** Never logged, wherever they appear in a logged object. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.newPassword',
  '*.hint',
  '*.token',
  '*.id_token',
];
