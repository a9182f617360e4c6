import type { FastifyInstance } from 'fastify';
import {
  CONTROL_CHARACTERS_MESSAGE,
  ERROR_CODES,
  hasControlCharacters,
  type FieldError,
} from '@platform/shared';
import { AppError, errors } from '../errors';

const BYTE_ORDER_MARK = '\ufeff';

/** Deeper than any body the platform accepts; a body nested past it is refused rather than walked. */
const MAX_DEPTH = 32;

function printable(key: string): string {
  return [...key].map((character) => (hasControlCharacters(character) ? '?' : character)).join('');
}

function findControlCharacters(value: unknown, path: string[], found: FieldError[], depth = 0): void {
  if (typeof value === 'string') {
    if (hasControlCharacters(value)) {
      found.push({ field: path.join('.') || 'body', message: CONTROL_CHARACTERS_MESSAGE });
    }
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (depth >= MAX_DEPTH) {
    found.push({ field: path.join('.') || 'body', message: 'This value is nested too deeply' });
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    const itemPath = [...path, printable(key)];
    if (hasControlCharacters(key))
      found.push({ field: itemPath.join('.'), message: CONTROL_CHARACTERS_MESSAGE });
    findControlCharacters(item, itemPath, found, depth + 1);
  }
}

/**
 * Every text input of every route (body, query string and path parameters), checked once after parsing
 * and before the route's own schema: a control character is a 400 naming the field, so that no route
 * can hand one to the database (PostgreSQL refuses U+0000) or to a log line.
 */
const CHARSET = /;\s*charset=("?)([^";\s]+)\1/i;

export function registerInputGuard(app: FastifyInstance): void {
  // A JSON text must not begin with a byte order mark (RFC 8259 §8.1). Read as if it were not there, one
  // could pass `{}` to a route whose fields are all optional; it is refused like any other broken JSON.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    // JSON between systems is UTF-8 (RFC 8259 §8.1): a body said to be in another charset is read as UTF-8
    // by the parser, so its bytes would mean something other than what the client meant.
    const charset = CHARSET.exec(request.headers['content-type'] ?? '')?.[2]?.toLowerCase();
    if (charset && charset !== 'utf-8' && charset !== 'utf8') {
      done(new AppError(415, ERROR_CODES.unsupportedMediaType, 'Send JSON in UTF-8.'), undefined);
      return;
    }
    const body = raw.toString();
    if (body.startsWith(BYTE_ORDER_MARK)) {
      done(new AppError(400, ERROR_CODES.malformedRequest, 'The request body is not valid JSON.'), undefined);
      return;
    }
    void parseJson(request, body, done);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const found: FieldError[] = [];
    findControlCharacters(request.params, [], found);
    findControlCharacters(request.query, [], found);
    findControlCharacters(request.body, [], found);
    done(found.length > 0 ? errors.validation(found) : undefined);
  });
}
