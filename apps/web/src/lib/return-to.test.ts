import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-to';

describe('safeReturnPath', () => {
  it.each([
    ['/campaigns/8f1c?tab=entries#leaderboard', '/campaigns/8f1c?tab=entries#leaderboard'],
    ['/payments', '/payments'],
    ['/console/creators?page=2', '/console/creators?page=2'],
  ])('returns to %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    null,
    '',
    'campaigns',
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example/phish',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    '/sign-in',
    '/sign-in?returnTo=/payments',
    '/sign-up',
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});
