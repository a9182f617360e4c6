import { describe, expect, it } from 'vitest';
import { CURRENT_TERMS_VERSION } from './auth-codes';
import { resetPasswordFormSchema, setupAdminFormSchema, signUpBodySchema } from './auth';

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

describe('sign-up body', () => {
  it('trims the email and defaults the device token', () => {
    expect(
      signUpBodySchema.parse({
        username: ' someone@example.com ',
        password: 'Abcde1!x',
        tncVersion: CURRENT_TERMS_VERSION,
      }),
    ).toEqual({
      username: 'someone@example.com',
      password: 'Abcde1!x',
      deviceToken: '',
      tncVersion: CURRENT_TERMS_VERSION,
    });
  });

  it('asks for the latest terms', () => {
    expect(
      issuesOf(
        signUpBodySchema.safeParse({ username: 'a@b.co', password: 'Abcde1!x', tncVersion: '2020-01-01' }),
      ),
    ).toEqual([['tncVersion', 'Please accept the latest Terms and Conditions.']]);
  });
});
