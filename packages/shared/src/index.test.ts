import { describe, expect, it } from 'vitest';
import * as shared from './index';

describe('the package entry point', () => {
  it.each([
    'parsePostLink',
    'samePostLink',
    'isValidAbn',
    'isValidVatFormat',
    'isValidGbVat',
    'isValidPostcode',
    'isValidYoutubeChannelId',
    'isValidEmail',
    'sanitizeRichText',
    'abbreviateNumber',
    'formatBadgeCount',
    'formatRemaining',
    'formatDateTime',
  ] as const)('exports %s', (name) => {
    expect(typeof shared[name]).toBe('function');
  });

  it('works end to end through the entry point', () => {
    expect(shared.parsePostLink('youtu.be/dQw4w9WgXcQ')).toEqual({
      platform: 'Youtube',
      kind: 'short',
      url: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(shared.isValidPostcode('GB', 'gir0aa')).toBe(true);
    expect(shared.formatDateTime('2026-03-05T14:07:00Z', 'long')).toBe('05 Mar, 2026 @ 2:07 PM GMT');
  });
});
