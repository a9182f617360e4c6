import type { FastifyInstance } from 'fastify';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, type FieldError } from '@platform/shared';
import { errors } from '../errors';

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
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const found: FieldError[] = [];
    findControlCharacters(request.params, [], found);
    findControlCharacters(request.query, [], found);
    findControlCharacters(request.body, [], found);
    done(found.length > 0 ? errors.validation(found) : undefined);
  });
}
