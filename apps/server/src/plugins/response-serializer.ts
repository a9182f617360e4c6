import type { FastifySerializerCompiler } from 'fastify';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/**
 * The kinds of schema that parse and encode alike: no transform, codec, default or catch among them,
 * whose outcome depends on the direction. Anything not named here is treated as direction-dependent.
 */
const SAME_BOTH_WAYS = new Set([
  'string',
  'number',
  'boolean',
  'bigint',
  'null',
  'undefined',
  'any',
  'unknown',
  'never',
  'literal',
  'enum',
  'date',
  'nan',
  'template_literal',
]);

type Definition = {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  options?: $ZodType[];
  left?: $ZodType;
  right?: $ZodType;
  items?: $ZodType[];
  rest?: $ZodType | null;
  keyType?: $ZodType;
  valueType?: $ZodType;
};

/** The schemas a definition holds, or null for a kind whose parse may differ from its encode. */
function childrenOf(definition: Definition): $ZodType[] | null {
  const present = (...schemas: ($ZodType | null | undefined)[]) =>
    schemas.filter((schema): schema is $ZodType => Boolean(schema));
  switch (definition.type) {
    case 'object':
      return present(...Object.values(definition.shape ?? {}), definition.catchall);
    case 'array':
      return present(definition.element);
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'readonly':
      return present(definition.innerType);
    case 'union':
      return definition.options ?? [];
    case 'intersection':
      return present(definition.left, definition.right);
    case 'tuple':
      return present(...(definition.items ?? []), definition.rest);
    case 'record':
      return present(definition.keyType, definition.valueType);
    default:
      return SAME_BOTH_WAYS.has(definition.type) ? [] : null;
  }
}

/** Whether parsing a value with the schema gives what encoding it gives, wherever it is walked. */
export function parsesAsItEncodes(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const children = childrenOf(schema._zod.def);
  return children !== null && children.every((child) => parsesAsItEncodes(child, seen));
}

function resolveSchema(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  if (typeof schema === 'object' && schema !== null && 'properties' in schema) {
    const { properties } = schema;
    if (properties instanceof $ZodType) return properties;
  }
  throw new InvalidSchemaError(JSON.stringify(schema));
}

/**
 * Answers are checked against their route's response schema and written with only the fields it names,
 * as fastify-type-provider-zod's serializer does (`safeEncode`). A schema that parses as it encodes (most
 * answers: objects, arrays, strings, enums) is compiled once by zod into a checker that runs on each
 * answer in a fraction of the time; a schema holding a transform, codec, default or catch is encoded
 * as before.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const resolved = resolveSchema(schema);
  const compiled = parsesAsItEncodes(resolved) ? z.compile(resolved) : undefined;
  return (data) => {
    const checked = compiled ? z.safeParse(compiled, data) : z.safeEncode(resolved, data);
    if (!checked.success) throw new ResponseSerializationError(method, url, { cause: checked.error });
    return JSON.stringify(checked.data);
  };
};
