import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@platform/shared';
import { AppError } from '../errors';

const FORM = 'application/x-www-form-urlencoded';

/**
 * The auth calls are form-encoded (SPEC §7). A body of another type is refused, whatever it parsed to
 * (a JSON `null` included), and a request without a body is treated as an empty form so that each
 * missing field gets its own message.
 */
export async function acceptFormBodiesOnly(request: FastifyRequest): Promise<void> {
  const contentType = request.headers['content-type'];
  if (contentType !== undefined && !contentType.toLowerCase().startsWith(FORM)) {
    throw new AppError(415, ERROR_CODES.unsupportedMediaType, `Send this form as ${FORM}.`);
  }
  if (request.body === undefined || request.body === null) request.body = {};
}

export const FORM_BODY_LIMIT_BYTES = 16 * 1024;
