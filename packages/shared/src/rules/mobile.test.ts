import { describe, expect, it } from 'vitest';
import { isValidMobile, mobileDigitsFor, mobileSchema, optionalMobileSchema } from './mobile';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('mobile rule', () => {
  it.each([
    ['AU', 9],
    ['au', 9],
    ['GB', 10],
    ['US', 10],
    ['DE', 10],
    [undefined, 10],
  ])('expects the right number of digits in %s', (country, digits) => {
    expect(mobileDigitsFor(country)).toBe(digits);
  });

  it.each([
    ['GB', '7700900123', '7700900123'],
    ['GB', '77009 00123', '7700900123'],
    ['US', '2025550123', '2025550123'],
    ['AU', '412345678', '412345678'],
    ['AU', '412 345 678', '412345678'],
    [undefined, '0123456789', '0123456789'],
  ])('accepts a %s number %j and removes its spaces', (country, value, parsed) => {
    expect(isValidMobile(value, country)).toBe(true);
    expect(mobileSchema(country).parse(value)).toBe(parsed);
  });

  it.each([
    ['GB', '770090012', 'Mobile number should be 10 digits'],
    ['GB', '77009001234', 'Mobile number should be 10 digits'],
    ['US', '202-555-0123', 'Mobile number should be 10 digits'],
    ['US', '+12025550123', 'Mobile number should be 10 digits'],
    ['GB', '77OO900123', 'Mobile number should be 10 digits'],
    ['AU', '0412345678', 'Mobile number should be 9 digits'],
    ['AU', '41234567', 'Mobile number should be 9 digits'],
    ['GB', '', 'This field is required'],
    ['GB', '   ', 'This field is required'],
    ['GB', undefined, 'This field is required'],
  ])('rejects a %s number %j with %j', (country, value, message) => {
    expect(messagesOf(mobileSchema(country).safeParse(value))).toEqual([message]);
  });

  it('has an optional variant that allows empty', () => {
    expect(optionalMobileSchema('GB').safeParse(undefined).success).toBe(true);
    expect(optionalMobileSchema('GB').parse('')).toBe('');
    expect(optionalMobileSchema('AU').parse('412 345 678')).toBe('412345678');
    expect(messagesOf(optionalMobileSchema('AU').safeParse('12345'))).toEqual([
      'Mobile number should be 9 digits',
    ]);
  });
});
