import { describe, expect, it } from 'vitest';
import { checkPasswordRules, isStrongPassword, passwordSchema } from './password';

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

describe('password rule checks', () => {
  const none = {
    length: false,
    uniqueCharacters: false,
    upperCase: false,
    lowerCase: false,
    number: false,
    specialCharacter: false,
  };

  it('meets nothing while the password is empty', () => {
    expect(checkPasswordRules('')).toEqual(none);
  });

  it.each([
    ['a', { lowerCase: true }],
    ['A', { upperCase: true }],
    ['7', { number: true }],
    ['#', { specialCharacter: true }],
    ['abcde', { lowerCase: true, uniqueCharacters: true }],
    ['aaaaaaaa', { lowerCase: true, length: true }],
    [
      'Ünïcödé9!',
      {
        upperCase: true,
        lowerCase: true,
        number: true,
        specialCharacter: true,
        uniqueCharacters: true,
        length: true,
      },
    ],
  ])('ticks off exactly the parts %j meets', (value, met) => {
    expect(checkPasswordRules(value)).toEqual({ ...none, ...met });
  });

  it('stops meeting the length past 255 characters', () => {
    expect(checkPasswordRules(`Aa1!bcde${'x'.repeat(247)}`).length).toBe(true);
    expect(checkPasswordRules(`Aa1!bcde${'x'.repeat(248)}`).length).toBe(false);
  });

  it('agrees with the schema: every part met is exactly a password the schema accepts', () => {
    for (const value of [
      'Abcde1!x',
      'Tr0ub4dor&3',
      'Ab1!',
      'abcdefg1!',
      'Aa1!Aa1!Aa1!',
      'Abcdefgh1',
      'Passw0rd!',
    ]) {
      const allMet = Object.values(checkPasswordRules(value)).every(Boolean);
      expect(allMet, value).toBe(passwordSchema.safeParse(value).success);
    }
  });
});
