import { describe, expect, it } from 'vitest';
import * as original from './common';
import * as mini from './common-mini';

type Outcome = {
  success: boolean;
  data?: unknown;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
};

/** What a person or a caller would notice: the value kept, or each message and where it points. */
const answer = (result: Outcome) =>
  result.success
    ? { data: result.data }
    : { issues: result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) };

const TEXTS = [
  '',
  ' ',
  '\t\n',
  'a',
  '  hello ',
  'Música 2024',
  'Ёлка 音楽',
  'नमस्ते',
  'e\u0301te\u0301',
  'Rock & Roll',
  'Hip-hop',
  'Dot.',
  'Tab\there',
  'Emoji 🎵',
  'Half \ud83d of an emoji',
  '\udc00',
  '٣٤٥',
  '\u00a0nbsp\u00a0',
  '\u2003em space',
  'x'.repeat(300),
];

const URLS = [
  '',
  'https://example.com',
  'http://example.com/path?query=1#top',
  'HTTPS://EXAMPLE.COM',
  'example.com',
  'www.example.co.uk/page',
  'https://sub.domain.example.io:8080/a/b',
  'https://www.tiktok.com/@a/video/123',
  'not a url',
  'https://',
  'https://example',
  'ftp://example.com',
  'javascript:alert(1)',
  'mailto:someone@example.com',
  'https://exa mple.com',
  'https://example.com/a b',
  'https://-example.com',
  'example.c0m',
  'https://example.com:123456',
  `https://example.com/${'a'.repeat(235)}`,
  `https://example.com/${'a'.repeat(236)}`,
];

const NOT_STRINGS = [undefined, null, 42, true, {}, [], ['text']];

describe('the zod/mini twins of common.ts', () => {
  it.each([...TEXTS, ...URLS, ...NOT_STRINGS].map((value) => [value]))(
    'requiredString answers %j as the original does',
    (value) => {
      expect(answer(mini.requiredString().safeParse(value))).toEqual(
        answer(original.requiredString().safeParse(value)),
      );
      expect(answer(mini.requiredString('Choose a genre').safeParse(value))).toEqual(
        answer(original.requiredString('Choose a genre').safeParse(value)),
      );
    },
  );

  it.each([...URLS, ...TEXTS].map((value) => [value]))(
    'isValidUrl answers %j as the original does',
    (value) => {
      expect(mini.isValidUrl(value)).toBe(original.isValidUrl(value));
    },
  );

  it.each([...TEXTS, ...URLS].map((value) => [value]))(
    'isPlainText answers %j as the original does',
    (value) => {
      expect(mini.isPlainText(value)).toBe(original.isPlainText(value));
    },
  );

  it('is held to inputs that each rule both accepts and refuses', () => {
    const urlAnswers = new Set(URLS.map(original.isValidUrl));
    const textAnswers = new Set(TEXTS.map(original.isPlainText));
    const requiredAnswers = new Set(TEXTS.map((value) => original.requiredString().safeParse(value).success));
    expect([urlAnswers.size, textAnswers.size, requiredAnswers.size]).toEqual([2, 2, 2]);
  });
});
