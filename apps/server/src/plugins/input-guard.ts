import type { FastifyInstance } from 'fastify';
import {
  CONTROL_CHARACTERS_MESSAGE,
  ERROR_CODES,
  hasControlCharacters,
  hasUnpairedSurrogates,
  UNPAIRED_SURROGATES_MESSAGE,
  type FieldError,
} from '@platform/shared';
import { AppError, errors } from '../errors';
import { NOT_JSON_MESSAGE } from './errors';

const BYTE_ORDER_MARK = '\ufeff';

/** Deeper than any body the platform accepts; a body nested past it is refused rather than walked. */
const MAX_DEPTH = 32;

/** Why a text cannot be taken, in the words its field shows, or null when it can. */
function refusalOf(text: string): string | null {
  if (hasControlCharacters(text)) return CONTROL_CHARACTERS_MESSAGE;
  if (hasUnpairedSurrogates(text)) return UNPAIRED_SURROGATES_MESSAGE;
  return null;
}

/** A key as a field name the answer can carry: what the guard refuses in it shown as '?'. */
function printable(key: string): string {
  return Array.from(key, (character) => (refusalOf(character) ? '?' : character)).join('');
}

function findRefusedText(value: unknown, path: string[], found: FieldError[], depth = 0): void {
  if (typeof value === 'string') {
    const refusal = refusalOf(value);
    if (refusal) found.push({ field: path.join('.') || 'body', message: refusal });
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (depth >= MAX_DEPTH) {
    found.push({ field: path.join('.') || 'body', message: 'This value is nested too deeply' });
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    const itemPath = [...path, printable(key)];
    const refusal = refusalOf(key);
    if (refusal) found.push({ field: itemPath.join('.'), message: refusal });
    findRefusedText(item, itemPath, found, depth + 1);
  }
}

const CHARSET = /;\s*charset=("?)([^";\s]+)\1/i;

const isForm = (contentType: string | undefined) =>
  contentType?.trimStart().toLowerCase().startsWith('application/x-www-form-urlencoded') ?? false;

// The auth, invitation and setup calls are form-encoded (SPEC §7); everything under /server-api/ speaks
// JSON, and a form sent there would otherwise be read into an object that a lenient schema could accept.
const takesForms = (url: string) => url.startsWith('/api/');

/**
 * Every text input of every route (body, query string and path parameters), keys included, checked once
 * after parsing and before the route's own schema: a control character or half of a surrogate pair is a
 * 400 naming the field, so that no route can hand one to the database (PostgreSQL refuses U+0000, and an
 * unpaired surrogate in jsonb) or to a log line.
 */
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
      done(new AppError(400, ERROR_CODES.malformedRequest, NOT_JSON_MESSAGE), undefined);
      return;
    }
    void parseJson(request, body, done);
  });
  // Fastify reads text/plain as a string by default, which a JSON route's schema would then refuse as the
  // wrong type: a body of a type no route takes is a 415, whichever type it is. Routes that take another
  // type (files, a CSV import, signed webhooks) register their own parsers.
  app.removeContentTypeParser('text/plain');

  app.addHook('preValidation', (request, _reply, done) => {
    if (isForm(request.headers['content-type']) && !takesForms(request.url)) {
      done(
        new AppError(415, ERROR_CODES.unsupportedMediaType, 'Send JSON (application/json) to this route.'),
      );
      return;
    }
    const found: FieldError[] = [];
    findRefusedText(request.params, [], found);
    findRefusedText(request.query, [], found);
    findRefusedText(request.body, [], found);
    done(found.length > 0 ? errors.validation(found) : undefined);
  });
}
