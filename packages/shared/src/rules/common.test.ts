import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  isPlainText,
  isValidName,
  isValidUrl,
  nameSchema,
  nonEmptyArray,
  optionalTextSchema,
  optionalUrlSchema,
  requiredString,
  textSchema,
  urlSchema,
  withConfirmation,
} from './common';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('requiredString', () => {
  it.each([[''], ['   '], [undefined], [null], [42]])('rejects %j with the default message', (value) => {
    expect(messagesOf(requiredString().safeParse(value))).toEqual(['This field is required']);
  });

  it('takes a custom message', () => {
    expect(messagesOf(requiredString('Please choose a genre').safeParse(''))).toEqual([
      'Please choose a genre',
    ]);
  });

  it('accepts and trims text', () => {
    expect(requiredString().parse('  hello ')).toBe('hello');
  });
});

describe('url rule', () => {
  it.each([
    'https://example.com',
    'http://example.com/path?query=1#top',
    'example.com',
    'www.example.co.uk/page',
    'https://sub.domain.example.io:8080/a/b',
    'https://www.tiktok.com/@a/video/123',
  ])('accepts %s', (value) => {
    expect(isValidUrl(value)).toBe(true);
    expect(urlSchema.safeParse(value).success).toBe(true);
  });

  it.each([
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
  ])('rejects %s with the spec message', (value) => {
    expect(isValidUrl(value)).toBe(false);
    expect(messagesOf(urlSchema.safeParse(value))).toEqual(['Please enter a valid url']);
  });

  it('is required and at most 255 characters', () => {
    expect(messagesOf(urlSchema.safeParse(''))).toEqual(['This field is required']);
    const long = `https://example.com/${'a'.repeat(236)}`;
    expect(long).toHaveLength(256);
    expect(messagesOf(urlSchema.safeParse(long))).toEqual(['You cannot enter more than 255 characters']);
    expect(urlSchema.safeParse(long.slice(0, 255)).success).toBe(true);
  });

  it('has an optional variant that allows empty', () => {
    expect(optionalUrlSchema.safeParse(undefined).success).toBe(true);
    expect(optionalUrlSchema.safeParse('').success).toBe(true);
    expect(messagesOf(optionalUrlSchema.safeParse('nope'))).toEqual(['Please enter a valid url']);
  });
});

describe('name rule', () => {
  it.each([
    'Alice',
    'Mary Jane',
    'José Álvarez',
    'Zoë Brontë',
    'Łukasz Żółć',
    'Søren',
    'François',
    'Мария',
    "O'Neill",
    'D’Angelo',
    'Smith-Jones',
    'Jean-Luc Picard',
    "N'Golo Kanté",
    'Anne-Marie O’Brien',
    '李小龍',
    'محمد',
    'Nguyễn Thị Minh Khai',
  ])('accepts %s', (value) => {
    expect(isValidName(value)).toBe(true);
    expect(nameSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    'R2D2',
    'Alice!',
    'john_doe',
    'Bob.',
    'Eve 2',
    '-Anne',
    'Anne-',
    "O''Brien",
    'Anne--Marie',
    "'",
    'Smith - Jones',
    "Jones'",
    'Anne–Marie',
    'Ann@',
  ])('rejects %s with the spec message', (value) => {
    expect(messagesOf(nameSchema.safeParse(value))).toEqual([
      'This field cannot contain numbers or special characters',
    ]);
  });

  it('is required', () => {
    expect(messagesOf(nameSchema.safeParse(''))).toEqual(['This field is required']);
  });
});

describe('text rule', () => {
  it.each(['Hello world', 'Room 101', 'Café 2', '123'])('accepts %s', (value) => {
    expect(isPlainText(value)).toBe(true);
    expect(textSchema.safeParse(value).success).toBe(true);
  });

  it.each(['Hello!', 'a@b', '50%', 'semi;colon', '<script>', 'tab\there'])('rejects %j', (value) => {
    expect(messagesOf(textSchema.safeParse(value))).toEqual(['Field cannot contain special characters']);
  });

  it('is required, with an optional variant', () => {
    expect(messagesOf(textSchema.safeParse(''))).toEqual(['This field is required']);
    expect(optionalTextSchema.safeParse('').success).toBe(true);
    expect(optionalTextSchema.safeParse(undefined).success).toBe(true);
    expect(messagesOf(optionalTextSchema.safeParse('no!'))).toEqual([
      'Field cannot contain special characters',
    ]);
  });
});

describe('nonEmptyArray', () => {
  const genres = nonEmptyArray(z.string(), 'Please select at least one genre');

  it('needs at least one item, with the field’s own message', () => {
    expect(messagesOf(genres.safeParse([]))).toEqual(['Please select at least one genre']);
    expect(messagesOf(genres.safeParse(undefined))).toEqual(['Please select at least one genre']);
    expect(genres.parse(['Pop'])).toEqual(['Pop']);
    expect(genres.parse(['Pop', 'Rock'])).toEqual(['Pop', 'Rock']);
  });
});

describe('withConfirmation', () => {
  const form = withConfirmation(
    z.object({ email: z.string(), password: z.string().min(8), confirmPassword: z.string() }),
    'password',
    'confirmPassword',
    'Passwords do not match',
  );

  it('passes when both fields are equal', () => {
    expect(
      form.safeParse({ email: 'a@b.co', password: 'abcdefgh', confirmPassword: 'abcdefgh' }).success,
    ).toBe(true);
  });

  it('puts the message on the confirming field', () => {
    const result = form.safeParse({ email: 'a@b.co', password: 'abcdefgh', confirmPassword: 'abcdefgx' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: 'Passwords do not match' }),
    ]);
  });

  it('still checks the match while another field has a problem', () => {
    const result = form.safeParse({ email: 42, password: 'abcdefgh', confirmPassword: 'x' });
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual(['email', 'confirmPassword']);
  });

  it('has a default message', () => {
    const pair = withConfirmation(z.object({ a: z.string(), b: z.string() }), 'a', 'b');
    expect(messagesOf(pair.safeParse({ a: 'x', b: 'y' }))).toEqual(['The values do not match']);
  });
});
