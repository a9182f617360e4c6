import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { leaderboardSchema, profileResponseSchema } from '@platform/shared';
import { parsesAsItEncodes, responseSerializerCompiler } from './response-serializer';

const serializerOf = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

const profile = {
  id: '0b0e5e7c-3c2a-4f55-9d0c-2f0f8b7a6c11',
  email: 'casey@example.com',
  emailVerified: true,
  status: 'ACTIVE',
  role: 'Creator',
};

describe('the response serializer', () => {
  it('compiles the schemas of plain answers and encodes those whose parse differs', () => {
    expect(parsesAsItEncodes(profileResponseSchema)).toBe(true);
    expect(parsesAsItEncodes(leaderboardSchema)).toBe(true);
    expect(parsesAsItEncodes(z.object({ at: z.string().transform((text) => text.length) }))).toBe(false);
    expect(parsesAsItEncodes(z.object({ page: z.number().default(1) }))).toBe(false);
    expect(parsesAsItEncodes(z.array(z.string().catch('')))).toBe(false);
  });

  it('writes only the fields the schema names, and refuses an answer that does not fit it', () => {
    const serialize = serializerOf(profileResponseSchema);
    expect(JSON.parse(serialize({ ...profile, passwordHash: 'secret' }))).toEqual(profile);
    let refusal: unknown;
    try {
      serialize({ ...profile, role: 'Owner' });
    } catch (error) {
      refusal = error;
    }
    expect(isResponseSerializationError(refusal)).toBe(true);
  });

  it('encodes through a schema with a default or a transform as before', () => {
    const withDefault = serializerOf(z.object({ page: z.number().default(1), name: z.string() }));
    // Encoding fills in no default (parsing would): an answer must carry the field itself.
    expect(() => withDefault({ name: 'board' })).toThrow();
    expect(JSON.parse(withDefault({ page: 2, name: 'board' }))).toEqual({ page: 2, name: 'board' });
    const withTransform = serializerOf(z.object({ size: z.string().transform((text) => text.length) }));
    expect(() => withTransform({ size: 'large' })).toThrow();
  });
});
