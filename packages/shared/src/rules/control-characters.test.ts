import { describe, expect, it } from 'vitest';
import { hasControlCharacters, hasUnpairedSurrogates } from './control-characters';

describe('hasControlCharacters', () => {
  it.each(['\u0000', 'a\u0001b', '\u0008', '\u000b', '\u000c', '\u001b[31m', '\u007f', '\u0085', '\u009f'])(
    'finds %j',
    (value) => expect(hasControlCharacters(value)).toBe(true),
  );

  it.each([
    '',
    'plain',
    'tab\there',
    'two\nlines',
    'windows\r\nline',
    'Ünïcødé ✓',
    '\u00a0non-breaking',
    'emoji 🎉',
  ])('lets %j through', (value) => expect(hasControlCharacters(value)).toBe(false));
});

describe('hasUnpairedSurrogates', () => {
  it.each([
    '\ud800',
    '\udbff',
    '\udc00',
    '\udfff',
    'name\ud800',
    '\udc00tail',
    'reversed \ude00\ud83d pair',
    '😀\ud83d',
  ])('finds %j', (value) => expect(hasUnpairedSurrogates(value)).toBe(true));

  it.each([
    '',
    'plain',
    'emoji 😀',
    '👩🏽‍💻 with a skin tone and a joiner',
    '𝒳 outside the first plane',
    '\ufffd',
  ])('lets %j through', (value) => expect(hasUnpairedSurrogates(value)).toBe(false));
});
