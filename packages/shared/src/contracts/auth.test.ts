import { describe, expect, it } from 'vitest';
import {
  resetPasswordFormSchema,
  setupAdminFormSchema,
  signInBodySchema,
  signInFormSchema,
  signUpBodySchema,
} from './auth';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('reset password form', () => {
  it('accepts the same password typed twice and keeps only the form fields', () => {
    expect(
      resetPasswordFormSchema.parse({ hint: 'h', newPassword: 'Abcde1!x', confirmPassword: 'Abcde1!x' }),
    ).toEqual({ newPassword: 'Abcde1!x', confirmPassword: 'Abcde1!x' });
  });

  it('puts the mismatch on the confirming field', () => {
    expect(
      issuesOf(resetPasswordFormSchema.safeParse({ newPassword: 'Abcde1!x', confirmPassword: 'Abcde1!y' })),
    ).toEqual([['confirmPassword', 'Passwords do not match']]);
  });

  it('still checks the match while the password is too long', () => {
    const tooLong = `Aa1!bcde${'x'.repeat(248)}`;
    expect(
      issuesOf(resetPasswordFormSchema.safeParse({ newPassword: tooLong, confirmPassword: 'other' })),
    ).toEqual([
      ['newPassword', 'Password cannot exceed 255 characters'],
      ['confirmPassword', 'Passwords do not match'],
    ]);
  });

  it('asks for the repeated password without a mismatch when it is missing', () => {
    expect(issuesOf(resetPasswordFormSchema.safeParse({ newPassword: 'Abcde1!x' }))).toEqual([
      ['confirmPassword', 'This field is required'],
    ]);
  });
});

describe('first-run setup form', () => {
  it('puts the mismatch on the confirming field next to a missing token', () => {
    expect(
      issuesOf(
        setupAdminFormSchema.safeParse({
          token: '',
          email: 'admin@example.com',
          password: 'Abcde1!x',
          confirmPassword: 'Abcde1!y',
        }),
      ),
    ).toEqual([
      ['token', 'This field is required'],
      ['confirmPassword', 'Passwords do not match'],
    ]);
  });
});

/** The id of a published version of the terms, as the sign-up page reads it from the server. */
const TERMS_ID = '00000000-0000-4000-8000-000000000001';

describe('sign-up body', () => {
  it('takes the terms by their document id or by their version string, for the server to tell apart', () => {
    for (const tncVersion of [TERMS_ID, '2026-11-01', 'Spring 2026']) {
      const result = signUpBodySchema.safeParse({
        username: 'someone@example.com',
        password: 'Abcde1!x',
        tncVersion,
      });
      expect(result.data?.tncVersion, tncVersion).toBe(tncVersion);
    }
  });

  it('trims the email and defaults the device token', () => {
    expect(
      signUpBodySchema.parse({
        username: ' someone@example.com ',
        password: 'Abcde1!x',
        tncVersion: TERMS_ID,
      }),
    ).toEqual({
      username: 'someone@example.com',
      password: 'Abcde1!x',
      deviceToken: '',
      tncVersion: TERMS_ID,
    });
  });

  it('asks for the terms, and refuses a value longer than any id or version', () => {
    const issuesFor = (tncVersion: string) =>
      issuesOf(signUpBodySchema.safeParse({ username: 'a@b.co', password: 'Abcde1!x', tncVersion }));
    expect(issuesFor('')).toEqual([['tncVersion', 'This field is required']]);
    expect(issuesFor('v'.repeat(65))).toEqual([['tncVersion', 'You cannot enter more than 64 characters']]);
  });
});

describe('sign-in form and body', () => {
  it('asks the form for an email of the right shape, with the spec message', () => {
    expect(issuesOf(signInFormSchema.safeParse({ username: 'maria@example', password: 'x' }))).toEqual([
      ['username', 'A valid email is required'],
    ]);
    expect(issuesOf(signInFormSchema.safeParse({ username: '', password: '' }))).toEqual([
      ['username', 'This field is required'],
      ['password', 'This field is required'],
    ]);
    expect(signInFormSchema.parse({ username: ' maria@example.com ', password: 'x' })).toEqual({
      username: 'maria@example.com',
      password: 'x',
    });
  });

  it('keeps the body the server reads open to any username, so a failure reveals nothing', () => {
    expect(signInBodySchema.safeParse({ username: 'maria@example', password: 'x' }).success).toBe(true);
  });
});
