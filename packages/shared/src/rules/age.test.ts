import { describe, expect, it } from 'vitest';
import { ageInYears, dateOfBirthSchema, isAtLeastAge, isValidDateOfBirth } from './age';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

const today = new Date('2026-03-05T12:00:00Z');
const schema = dateOfBirthSchema(() => today);

describe('age rule', () => {
  it.each([
    ['2008-03-05', 18],
    ['2008-03-06', 17],
    ['2008-03-04', 18],
    ['1990-12-31', 35],
    ['2026-03-05', 0],
  ])('someone born on %s is %i on 5 March 2026', (dateOfBirth, age) => {
    expect(ageInYears(dateOfBirth, today)).toBe(age);
  });

  it('counts a 29 February birthday from 1 March in other years', () => {
    expect(ageInYears('2008-02-29', new Date('2026-02-28T23:59:59Z'))).toBe(17);
    expect(ageInYears('2008-02-29', new Date('2026-03-01T00:00:00Z'))).toBe(18);
  });

  it('accepts a Date and a date-time string', () => {
    expect(isAtLeastAge(new Date('2000-01-01T00:00:00Z'), 18, today)).toBe(true);
    expect(isAtLeastAge('2000-01-01T10:00:00Z', 18, today)).toBe(true);
  });

  it.each(['2008-03-05', '1970-01-01', '1990-02-28'])('accepts %s', (value) => {
    expect(schema.safeParse(value).success).toBe(true);
  });

  it.each([
    ['2008-03-06', 'You should be 18 years or older'],
    ['2020-01-01', 'You should be 18 years or older'],
    ['2030-01-01', 'You should be 18 years or older'],
    ['', 'This field is required'],
    [undefined, 'This field is required'],
    ['2001-02-29', 'Please enter a valid date'],
    ['2000-13-01', 'Please enter a valid date'],
    ['05/03/2000', 'Please enter a valid date'],
    ['yesterday', 'Please enter a valid date'],
  ])('rejects %j with %j', (value, message) => {
    expect(messagesOf(schema.safeParse(value))).toEqual([message]);
  });

  it('tells real calendar dates apart', () => {
    expect(isValidDateOfBirth('2000-02-29')).toBe(true);
    expect(isValidDateOfBirth('1900-02-29')).toBe(false);
    expect(isValidDateOfBirth(new Date('invalid'))).toBe(false);
  });
});
