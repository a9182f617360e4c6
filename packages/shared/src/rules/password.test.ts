import { describe, expect, it } from 'vitest';
import { isStrongPassword, passwordSchema } from './password';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('password rule', () => {
  it.each(['Abcde1!x', 'Tr0ub4dor&3', 'Ünïcödé9!', `Aa1!bcde${'x'.repeat(247)}`])('accepts %s', (value) => {
    expect(isStrongPassword(value)).toBe(true);
    expect(passwordSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    ['', 'This field is required'],
    ['Ab1!', 'Password must be at least 8 characters long'],
    [`Aa1!bcde${'x'.repeat(248)}`, 'Password cannot exceed 255 characters'],
    [
      'abcdefg1!',
      'Use at least 5 unique characters, 1 upper case letter, 1 lower case letter, 1 number and 1 special character',
    ],
    [
      'ABCDEFG1!',
      'Use at least 5 unique characters, 1 upper case letter, 1 lower case letter, 1 number and 1 special character',
    ],
    [
      'Abcdefgh!',
      'Use at least 5 unique characters, 1 upper case letter, 1 lower case letter, 1 number and 1 special character',
    ],
    [
      'Abcdefgh1',
      'Use at least 5 unique characters, 1 upper case letter, 1 lower case letter, 1 number and 1 special character',
    ],
    [
      'Aa1!Aa1!Aa1!',
      'Use at least 5 unique characters, 1 upper case letter, 1 lower case letter, 1 number and 1 special character',
    ],
  ])('rejects %j with its message', (value, message) => {
    expect(messagesOf(passwordSchema.safeParse(value))[0]).toBe(message);
  });
});
