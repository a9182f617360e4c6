import { describe, expect, it } from 'vitest';
import { NAME_MESSAGE } from '../rules/messages';
import { creatorProfileBodySchema } from './creator';

// The profile form and the server both read names through this schema (ADR 028): the name rule's own
// cases are in rules/common.test.ts; these show the profile applies it to first and last names alike.
const profile = (firstName: string, lastName: string) => ({
  firstName,
  lastName,
  dateOfBirth: '1995-04-12',
  gender: 'PreferNotToSay',
  dialCode: '+44',
  mobile: '7700900123',
  address: { country: 'GB', line1: '1 High Street', city: 'London', postcode: 'SW1A 1AA' },
  handles: [{ socialPlatform: 'TikTok', handle: 'casey' }],
  genreIds: [],
});

const nameIssues = (firstName: string, lastName: string) => {
  const parsed = creatorProfileBodySchema.safeParse(profile(firstName, lastName));
  return parsed.success
    ? []
    : parsed.error.issues
        .filter((issue) => issue.path[0] === 'firstName' || issue.path[0] === 'lastName')
        .map((issue) => [issue.path.join('.'), issue.message]);
};

describe('the creator profile’s names', () => {
  it.each([
    ['Siobhán', "O'Neill"],
    ['Dario', 'D’Angelo'],
    ['Anne-Marie', 'Smith-Jones'],
    ['Zoë', 'Brontë'],
    ['Мария', 'Иванова'],
    ['小龍', '李'],
    ['محمد', 'علي'],
  ])('takes %s %s', (firstName, lastName) => {
    expect(nameIssues(firstName, lastName)).toEqual([]);
  });

  it.each([
    ['R2D2', 'Smith'],
    ['Casey', 'Smith!'],
    ['Casey_', 'Jones'],
    ['Casey', "O''Neill"],
    ['-Anne', 'Smith'],
  ])('refuses %s %s in the spec’s words', (firstName, lastName) => {
    const issues = nameIssues(firstName, lastName);
    expect(issues.length).toBeGreaterThan(0);
    for (const [, message] of issues) expect(message).toBe(NAME_MESSAGE);
  });
});
