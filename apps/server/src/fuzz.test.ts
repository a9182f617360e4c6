import fc from 'fast-check';
import { SignJWT } from 'jose';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, errorResponseSchema, UNPAIRED_SURROGATES_MESSAGE } from '@platform/shared';
import { createStaffMember, signIn } from './test/factories';
import { createTestApp, signedUpCreator, type TestApp } from './test/harness';
import { randomisedRuns } from './test/randomised-runs';

// Every route of the OpenAPI document gets at least REQUESTS_PER_ROUTE malformed requests: control
// characters, wrong types, huge and deeply nested bodies, bad encodings, bad ids and bad tokens. None may
// answer 5xx, every error must be in the one format, and nothing may be written. The cases come from a
// seeded generator, so a failure names the seed that reproduces it (FUZZ_SEED=… to replay). 300 per route
// on PostgreSQL, the first 30 of them on the embedded database (randomisedRuns).
const REQUESTS_PER_ROUTE = randomisedRuns(300, process.env.FUZZ_REQUESTS_PER_ROUTE);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const SESSION_SECRET = 'fuzz-signing-key-that-is-long-enough-0123456789';

type Operation = {
  method: string;
  path: string;
  secured: boolean;
  bodyFields: string[];
  requiredFields: string[];
  hasBody: boolean;
  /** Whether the body is read as JSON, and so reaches the input guard as parsed values. */
  takesJson: boolean;
  queryParameters: string[];
};

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        'x-access'?: string;
        parameters?: { in: string; name: string }[];
        requestBody?: {
          content: Record<string, { schema?: { properties?: Record<string, unknown>; required?: string[] } }>;
        };
      }
    >
  >;
};

let context: TestApp;
let operations: Operation[];
let validToken: string;
/** Staff routes refuse a creator before reading their input, so they are fuzzed with an Admin's session. */
let adminToken: string;
beforeAll(async () => {
  context = await createTestApp({
    environment: { SESSION_SECRET, API_RATE_LIMIT_PER_MINUTE: '100000000' },
  });
  validToken = (await signedUpCreator(context)).token;
  adminToken = await signIn(context, await createStaffMember(context, { role: 'Admin' }));
  const document = context.app.swagger() as unknown as OpenApiDocument;
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const schema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
      const bodyTypes = Object.keys(operation.requestBody?.content ?? {});
      return {
        method: method.toUpperCase(),
        path,
        secured: operation['x-access'] !== 'public',
        bodyFields: Object.keys(schema?.properties ?? {}),
        requiredFields: schema?.required ?? [],
        hasBody: method !== 'get' && method !== 'head',
        takesJson: bodyTypes.length === 0 || bodyTypes.includes('application/json'),
        queryParameters: (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => parameter.name),
      };
    }),
  );
});
afterAll(async () => {
  await context?.close();
});

/** Percent-encodes every UTF-8 byte (a lone surrogate becomes U+FFFD's bytes, as a browser would send). */
const percentEncode = (text: string) =>
  [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

const CONTROL = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
);
const LONE_SURROGATE = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const BAD_PERCENT = fc.constantFrom(
  '%',
  '%z',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%ED%A0%80',
  '%FF%FE',
  '%%%',
  '%u0041',
);
const shortText = fc.string({ maxLength: 24 });
const weirdText = fc.oneof(
  shortText,
  fc.string({ unit: 'binary', maxLength: 16 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.tuple(shortText, LONE_SURROGATE, shortText).map((parts) => parts.join('')),
  fc.integer({ min: 256, max: 20_000 }).map((length) => 'x'.repeat(length)),
  fc.constantFrom(
    '',
    ' ',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    'null',
    '[]',
    '{}',
    '1e999',
  ),
);
const withControl = fc.tuple(shortText, CONTROL, shortText).map((parts) => parts.join(''));
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(shortText, { maxLength: 3 }),
  fc.dictionary(shortText, shortText, { maxKeys: 3 }),
);
const badId = fc.oneof(
  fc.constantFrom(
    'not-a-uuid',
    '0',
    '-1',
    '00000000-0000-0000-0000-00000000000g',
    '%00',
    '..',
    '%2e%2e%2f',
    'null',
  ),
  fc.uuid().map((uuid) => `${uuid}x`),
  fc.integer({ min: 101, max: 2000 }).map((length) => 'a'.repeat(length)),
  weirdText.map((text) => percentEncode(text)),
);

const encodeForm = (fields: [string, string][]) =>
  fields.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join('&');

/** Fields of the body with at least one required field left out, so no schema can accept it. */
function incompleteFields(operation: Operation) {
  const names = fc
    .subarray(operation.bodyFields)
    .filter(
      (chosen) =>
        operation.requiredFields.length === 0 ||
        operation.requiredFields.some((field) => !chosen.includes(field)),
    );
  return names.chain((chosen) =>
    fc.tuple(...chosen.map((name) => weirdText.map((value): [string, string] => [name, value]))),
  );
}

type Variant = { payload?: string | Buffer; contentType?: string; query?: string; malformedAlways: boolean };

/** Body variants; `malformedAlways` marks those refused whatever the route and the token. */
function bodyVariants(operation: Operation): fc.Arbitrary<Variant> {
  const form = 'application/x-www-form-urlencoded';
  const fieldNames = operation.bodyFields.length > 0 ? fc.constantFrom(...operation.bodyFields) : shortText;
  return fc.oneof(
    // A control character in one field.
    fc.tuple(fieldNames, withControl, incompleteFields(operation)).map(([name, value, others]) => ({
      payload: encodeForm([...others, [name, value]]),
      contentType: form,
      malformedAlways: true,
    })),
    // Bad percent-encodings and raw bytes in an incomplete form.
    fc.tuple(incompleteFields(operation), BAD_PERCENT, BAD_PERCENT).map(([fields, before, after]) => ({
      payload: `${before}=${after}&${encodeForm(fields)}&${after}${before}`,
      contentType: form,
      malformedAlways: false,
    })),
    fc
      .tuple(fc.uint8Array({ minLength: 1, maxLength: 256 }), fc.constantFrom(form, 'application/json'))
      .map(([bytes, contentType]) => ({
        payload: Buffer.concat([Buffer.from([0xff, 0xfe, 0xc0]), Buffer.from(bytes)]),
        contentType,
        // Not JSON at all; as a form it may decode to harmless text.
        malformedAlways: contentType === 'application/json',
      })),
    // Wrong types, as JSON (form routes refuse JSON outright) and as repeated form keys.
    fc.dictionary(fieldNames, wrongType, { minKeys: 1, maxKeys: 4 }).map((body) => ({
      payload: JSON.stringify(body),
      contentType: 'application/json',
      malformedAlways: true,
    })),
    fc
      .tuple(incompleteFields(operation), fieldNames, shortText, shortText)
      .map(([fields, name, first, second]) => ({
        payload: encodeForm([...fields, [name, first], [name, second]]),
        contentType: form,
        malformedAlways: false,
      })),
    // Deeply nested and huge bodies.
    fc.integer({ min: 40, max: 50_000 }).map((depth) => ({
      payload: `${'['.repeat(depth)}${']'.repeat(depth)}`,
      contentType: 'application/json',
      malformedAlways: true,
    })),
    fc.integer({ min: 40, max: 2_000 }).map((depth) => ({
      payload: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
      contentType: 'application/json',
      malformedAlways: true,
    })),
    fc.constantFrom(17 * 1024, 1024 * 1024 + 1).map((size) => ({
      payload: `username=${'a'.repeat(size)}`,
      contentType: form,
      malformedAlways: true,
    })),
    // Invalid JSON and unexpected content types.
    fc
      .tuple(
        fc.constantFrom('{', '{"a":', '[1,]', '{"__proto__":{"x":1}}', '\ufeff{}', 'nul', '"\\ud800"'),
        shortText,
      )
      .map(([text, tail]) => ({
        payload: text + tail,
        contentType: 'application/json',
        malformedAlways: true,
      })),
    fc
      .tuple(
        fc.constantFrom(
          'text/plain',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/json; charset=utf-16',
          `${form}; charset=utf-16`,
          'application/x-www-form-urlencoded\u00e9',
          'application/octet-stream',
        ),
        weirdText,
      )
      .map(([contentType, payload]) => ({
        payload,
        contentType,
        // No body at all is no mistake, whatever type it says, for a route that takes none.
        malformedAlways: !contentType.startsWith(form) && payload.length > 0,
      })),
    // A control character or a bad encoding in the query string.
    fc.tuple(shortText, CONTROL).map(([name, control]) => ({
      query: `${percentEncode(name || 'q')}=${percentEncode(control)}`,
      malformedAlways: true,
    })),
    fc.tuple(BAD_PERCENT, BAD_PERCENT, incompleteFields(operation)).map(([key, value, fields]) => ({
      query: `${key}=${value}&a[]=1&a[]=2`,
      payload: encodeForm(fields),
      contentType: form,
      malformedAlways: false,
    })),
  );
}

async function forgedToken(claims: Record<string, unknown>, lifetimeSeconds: number | null): Promise<string> {
  const now = Math.floor(context.clock.now().getTime() / 1000);
  let builder = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('campaign-platform')
    .setIssuedAt(now);
  if (lifetimeSeconds !== null) builder = builder.setExpirationTime(now + lifetimeSeconds);
  return builder.sign(new TextEncoder().encode(SESSION_SECRET));
}

/** Authorization headers that must never let anyone in. */
async function badAuthorizations(): Promise<(string | undefined)[]> {
  const { sub, sid } = JSON.parse(Buffer.from(validToken.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
    sid: string;
  };
  return [
    undefined,
    'Bearer',
    'Bearer ',
    'Basic dXNlcjpwYXNz',
    'Bearer not.a.jwt',
    `Bearer ${validToken.slice(0, -4)}abcd`,
    `Bearer ${'a'.repeat(8000)}`,
    `Bearer ${await forgedToken({ sub, sid: 'not-a-uuid', role: 'Creator' }, 1800)}`,
    `Bearer ${await forgedToken({ sub: "1' or '1'='1", sid, role: 'Creator' }, 1800)}`,
    `Bearer ${await forgedToken({ sub, sid, role: 'Creator' }, null)}`,
    `Bearer ${await forgedToken({ sub, sid, role: 'Creator' }, 10 * 365 * 24 * 3600)}`,
    `Bearer ${await forgedToken({ sub, sid: '00000000-0000-4000-8000-000000000000', role: 'Creator' }, 1800)}`,
  ];
}

type FuzzRequest = {
  method: string;
  url: string;
  remoteAddress: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

function buildRequests(
  operation: Operation,
  authorizations: (string | undefined)[],
  seed: number,
): FuzzRequest[] {
  const cases = fc.sample(
    fc.tuple(bodyVariants(operation), fc.nat(authorizations.length - 1), badId, fc.boolean(), fc.nat(250)),
    { numRuns: REQUESTS_PER_ROUTE, seed },
  );
  return cases.map(([variant, authIndex, id, tryValidToken, address]) => {
    // A valid token only where the request is refused whatever the route does with it, so nothing is written.
    // A GET sends no body, so only a malformed query string makes its request malformed.
    const refusedWhateverTheRoute =
      variant.malformedAlways && (operation.hasBody || variant.payload === undefined);
    const authorization =
      operation.secured && tryValidToken && refusedWhateverTheRoute
        ? `Bearer ${operation.path.startsWith('/server-api/marketing/') ? adminToken : validToken}`
        : authorizations[authIndex];
    const path = operation.path.replace(/\{[^}]+\}/g, () => id);
    const url = variant.query ? `${path}?${variant.query}` : path;
    return {
      method: operation.method,
      url,
      remoteAddress: `10.9.${Math.floor(address / 250)}.${address % 250}`,
      headers: {
        ...(authorization ? { authorization } : {}),
        ...(variant.contentType && operation.hasBody ? { 'content-type': variant.contentType } : {}),
      },
      ...(variant.payload !== undefined && operation.hasBody ? { payload: variant.payload } : {}),
    };
  });
}

describe('fuzzing every route of the OpenAPI document', () => {
  // Some thousands of requests, more with every route: minutes, not seconds, on a busy machine.
  it(`answers ${REQUESTS_PER_ROUTE} malformed requests per route without a 5xx, in the error format, writing nothing`, async () => {
    expect(operations.length).toBeGreaterThanOrEqual(14);
    const authorizations = await badAuthorizations();
    const before = await context.rowCounts();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const [index, operation] of operations.entries()) {
      const requests = buildRequests(operation, authorizations, SEED + index);
      expect(requests.length).toBeGreaterThanOrEqual(REQUESTS_PER_ROUTE);
      for (const request of requests) {
        const response = await context.app.inject(request as InjectOptions);
        sent += 1;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const describeCase = () =>
          `${operation.method} ${operation.path} → ${response.statusCode} (seed ${SEED + index}): ${JSON.stringify(
            {
              url: request.url.slice(0, 200),
              headers: request.headers,
              payload: request.payload?.toString('utf8').slice(0, 200),
            },
          )} ${response.body.slice(0, 300)}`;
        if (response.statusCode >= 500) {
          failures.push(describeCase());
          continue;
        }
        // Only a route that takes no input and needs no session (health, setup status) may accept one.
        if (response.statusCode < 400 && (operation.hasBody || operation.secured)) {
          failures.push(`accepted: ${describeCase()}`);
        }
        if (response.statusCode >= 400) {
          const parsed = errorResponseSchema.safeParse(response.json());
          if (!parsed.success || parsed.data.error.requestId !== response.headers['x-request-id']) {
            failures.push(`not in the error format: ${describeCase()}`);
          }
        }
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(REQUESTS_PER_ROUTE * operations.length);
    const refused = [...statuses]
      .filter(([status]) => status >= 400)
      .reduce((total, [, count]) => total + count, 0);
    // Only the few routes that take no input at all (health, setup status) may answer 200.
    expect(refused / sent).toBeGreaterThan(0.75);
    expect(await context.rowCounts()).toEqual(before);
    expect(context.logText()).not.toContain('"level":50');
  }, 180_000);
});

/** Half of a surrogate pair as JSON writes it: `\ud800` in the text, one UTF-16 unit once parsed. */
const LONE_HALVES = ['\\ud800', '\\udbff', '\\udc00', '\\udfff'];
/** The closest a URL can come to one: its WTF-8 bytes, which no UTF-8 decoder turns into a character. */
const LONE_HALF_BYTES = ['%ED%A0%80', '%ED%B0%80', '%ED%A0%BD%ED%B8%80'];

type SurrogateCase = {
  label: string;
  url: string;
  payload?: string;
  /** The fields the input guard must name, when the body reaches it. */
  fields: string[];
};

/** Each way a lone surrogate can reach an operation: every body field, a key, an item, the query, the path. */
function surrogateCases(operation: Operation, index: number): SurrogateCase[] {
  const half = (offset: number) => LONE_HALVES[(index + offset) % LONE_HALVES.length] ?? '\\ud800';
  const bytes = (offset: number) => LONE_HALF_BYTES[(index + offset) % LONE_HALF_BYTES.length] ?? '%ED%A0%80';
  const path = operation.path.replace(/\{[^}]+\}/g, () => '3f1c2a4e-5b6d-4c7e-8f90-a1b2c3d4e5f6');
  const queryNames = operation.queryParameters.length > 0 ? operation.queryParameters : ['q'];
  const query = queryNames.map((name, at) => `${encodeURIComponent(name)}=${bytes(at)}`).join('&');
  const cases: SurrogateCase[] = [];
  if (operation.hasBody) {
    const fields = operation.bodyFields.length > 0 ? operation.bodyFields : ['name'];
    const members = fields.map((field, at) => `${JSON.stringify(field)}:"North ${half(at)} team"`);
    const [first = 'name'] = fields;
    cases.push(
      { label: 'every body field', url: path, payload: `{${members.join(',')}}`, fields },
      { label: 'a key', url: path, payload: `{"${half(1)}${first}":"x"}`, fields: [`?${first}`] },
      {
        label: 'an item of a list',
        url: path,
        payload: `{${JSON.stringify(first)}:["ok","${half(2)}"]}`,
        fields: [`${first}.1`],
      },
      {
        label: 'the query, with a body that has one too',
        url: `${path}?${query}`,
        payload: `{${JSON.stringify(first)}:"${half(3)}"}`,
        fields: [first],
      },
    );
  } else {
    cases.push({ label: 'the query', url: `${path}?${query}`, fields: [] });
  }
  if (operation.path.includes('{')) {
    cases.push({
      label: 'a path parameter',
      url: operation.path.replace(/\{[^}]+\}/g, () => bytes(0)),
      ...(operation.hasBody ? { payload: '{}' } : {}),
      fields: [],
    });
  }
  return cases;
}

describe('lone surrogates reach every operation', () => {
  it('as an Admin and as a creator: never a 5xx, in the error format, each field named, writing nothing', async () => {
    const sessions = [
      ['Admin', adminToken],
      ['creator', validToken],
    ] as const;
    const before = await context.rowCounts();
    const failures: string[] = [];
    let sent = 0;
    let named = 0;
    for (const [index, operation] of operations.entries()) {
      for (const [who, token] of sessions) {
        for (const surrogateCase of surrogateCases(operation, index)) {
          const response = await context.app.inject({
            method: operation.method,
            url: surrogateCase.url,
            headers: {
              authorization: `Bearer ${token}`,
              ...(surrogateCase.payload !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            ...(surrogateCase.payload !== undefined ? { payload: surrogateCase.payload } : {}),
          } as InjectOptions);
          sent += 1;
          const describeCase = () =>
            `${who}: ${operation.method} ${operation.path}, ${surrogateCase.label} → ${response.statusCode}: ${response.body.slice(0, 300)}`;
          if (response.statusCode >= 500) {
            failures.push(describeCase());
            continue;
          }
          if (response.statusCode < 400) {
            // A read with an unknown query may answer; a write must have been refused.
            if (surrogateCase.payload !== undefined) failures.push(`accepted: ${describeCase()}`);
            continue;
          }
          const parsed = errorResponseSchema.safeParse(response.json());
          if (!parsed.success || parsed.data.error.requestId !== response.headers['x-request-id']) {
            failures.push(`not in the error format: ${describeCase()}`);
            continue;
          }
          // Where the guard read the body, it names every field that holds a half.
          const { code, details = [] } = parsed.data.error;
          if (
            code === ERROR_CODES.validationFailed &&
            operation.takesJson &&
            surrogateCase.fields.length > 0
          ) {
            const missing = surrogateCase.fields.filter(
              (field) =>
                !details.some(
                  (detail) => detail.field === field && detail.message === UNPAIRED_SURROGATES_MESSAGE,
                ),
            );
            if (missing.length > 0) failures.push(`${missing.join(', ')} not named: ${describeCase()}`);
            else named += 1;
          }
        }
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(operations.length * 2 * 2);
    // Most writes are open to one of the two sessions: the guard, not access alone, refused them.
    const writes = operations.filter((operation) => operation.hasBody).length;
    expect(named).toBeGreaterThan(writes * 2);
    // Rate limits count attempts, refused ones too (the invitation link's reads, per address, say).
    const { rate_limit_windows: _windowsAfter, ...after } = await context.rowCounts();
    const { rate_limit_windows: _windowsBefore, ...counted } = before;
    expect(after).toEqual(counted);
    expect(context.logText()).not.toContain('"level":50');
  }, 120_000);
});
