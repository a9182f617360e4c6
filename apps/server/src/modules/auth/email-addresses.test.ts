import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES } from '@platform/shared';
import { createWorld, type World } from '../../test/factories';
import {
  createTestApp,
  errorOf,
  NO_AUTH_RATE_LIMITS,
  SHIPPED_TERMS_ID,
  STRONG_PASSWORD,
  type TestApp,
} from '../../test/harness';

let context: TestApp;
let world: World;
beforeAll(async () => {
  context = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS });
  world = await createWorld(context);
});
afterAll(async () => {
  await context?.close();
});

const signUp = (username: string) =>
  context.form('/api/auth/sign-up', {
    username,
    password: STRONG_PASSWORD,
    tncVersion: SHIPPED_TERMS_ID,
    deviceToken: '',
  });

const invite = (email: string) =>
  world.as('Admin').post('/server-api/marketing/staff/invitations', {
    email,
    displayName: 'Sam Colleague',
    role: 'Support',
  });

// 64 characters, an @, and a domain of 190: one character over RFC 5321's 254.
const ADDRESS_OF_255 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'b'.repeat(63)}.${'b'.repeat(58)}.com`;

// The server reads addresses with the forms' own rule (packages/shared/src/rules/email.ts).
const OUTSIDE_RFC_5321 = [
  ['a quoted local part', '"jordan"@example.com'],
  ['a local part of 65 characters', `${'a'.repeat(65)}@example.com`],
  ['a Cyrillic top-level domain', 'jordan@example.рф'],
  ['a Cyrillic с in .com', 'jordan@example.сom'],
  ['an underscore in the domain', 'jordan@my_site.example.com'],
  ['a domain label of 64 characters', `jordan@${'b'.repeat(64)}.com`],
  ['an address of 255 characters', ADDRESS_OF_255],
  ['an address literal', 'jordan@[127.0.0.1]'],
] as const;

describe('email addresses outside RFC 5321', () => {
  it('has an address of 255 characters', () => {
    expect(ADDRESS_OF_255).toHaveLength(255);
  });

  it.each(OUTSIDE_RFC_5321)(
    'sign-up refuses %s with the spec message, writing nothing',
    async (_case, email) => {
      const before = await context.rowCounts();
      const response = await signUp(email);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toEqual([{ field: 'username', message: EMAIL_MESSAGES.invalid }]);
      expect(await context.rowCounts()).toEqual(before);
    },
  );

  it.each(OUTSIDE_RFC_5321)('a staff invitation refuses %s with the spec message', async (_case, email) => {
    const before = await context.rowCounts();
    const response = await invite(email);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details).toEqual([{ field: 'email', message: EMAIL_MESSAGES.invalid }]);
    expect(await context.rowCounts()).toEqual(before);
  });
});

describe('email addresses at the edge of RFC 5321', () => {
  it.each([
    ['a local part of 64 characters', `${'a'.repeat(64)}@example.com`],
    ['a top-level domain in its xn-- form', 'jordan@example.xn--p1ai'],
    ['an internationalised domain under an ASCII top-level domain', 'jordan@bücher.ch'],
  ])('sign-up takes %s', async (_case, email) => {
    const response = await signUp(email);
    expect(response.statusCode).toBe(200);
    expect(await context.emails.to(email)).toHaveLength(1);
  });
});
