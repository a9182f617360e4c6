import { describe, expect, it } from 'vitest';
import {
  companyDomainEmailSchema,
  emailDomain,
  emailSchema,
  isEmailOnDomains,
  isValidEmail,
  normalizeEmail,
  restrictedDomainEmailSchema,
} from './email';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('email rule', () => {
  it.each([
    'someone@example.com',
    'first.last+tag@sub.example.co.uk',
    'a@b.io',
    'a.b.c.d@example.com',
    "o'brien_x-y@example.ie",
    'josé.núñez@example.es',
    `${'a'.repeat(64)}@example.com`,
  ])('accepts %s', (value) => {
    expect(isValidEmail(value)).toBe(true);
    expect(emailSchema().safeParse(value).success).toBe(true);
  });

  it.each([
    ['no @', 'plainaddress'],
    ['nothing before the @', '@example.com'],
    ['nothing after the @', 'someone@'],
    ['no dot in the domain', 'someone@example'],
    ['a space', 'some one@example.com'],
    ['two @', 'a@b@c.com'],
    ['a domain starting with a dot', 'a@.com'],
    ['consecutive dots before the @', 'first..last@example.com'],
    ['consecutive dots in the domain', 'someone@example..com'],
    ['a leading dot', '.someone@example.com'],
    ['a trailing dot before the @', 'someone.@example.com'],
    ['only a dot before the @', '.@example.com'],
    ['a trailing dot in the domain', 'someone@example.com.'],
    ['a local part of 65 characters', `${'a'.repeat(65)}@example.com`],
    ['a NUL', 'some\u0000one@example.com'],
    ['an escape', 'someone\u001b@example.com'],
    ['a DEL', 'someone@exa\u007fmple.com'],
    ['a C1 control character', 'some\u0085one@example.com'],
    ['a tab', 'some\tone@example.com'],
  ])('rejects %s with the spec message: %j', (_case, value) => {
    expect(isValidEmail(value)).toBe(false);
    expect(messagesOf(emailSchema().safeParse(value))).toEqual(['A valid email is required']);
  });

  it('counts the 64-character limit before the @ only', () => {
    const longDomain = `someone@${'b'.repeat(70)}.com`;
    expect(isValidEmail(longDomain)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });

  it('has the "Please enter a valid email address" variant', () => {
    expect(messagesOf(emailSchema('Please enter a valid email address').safeParse('nope'))).toEqual([
      'Please enter a valid email address',
    ]);
  });

  it('is required, with one message only', () => {
    expect(messagesOf(emailSchema().safeParse(''))).toEqual(['This field is required']);
    expect(messagesOf(emailSchema().safeParse(undefined))).toEqual(['This field is required']);
  });

  it('rejects addresses longer than 254 characters', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(at254).toHaveLength(254);
    expect(isValidEmail(at254)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(64)}@${'b'.repeat(186)}.com`)).toBe(false);
  });

  it('normalises case and surrounding spaces', () => {
    expect(normalizeEmail('  Someone@Example.COM ')).toBe('someone@example.com');
    expect(emailDomain('Someone@Example.COM')).toBe('example.com');
  });

  it('normalises compatibility characters (NFKC) before lower-casing', () => {
    expect(normalizeEmail('Ａｄｍｉｎ@ｅｘａｍｐｌｅ.ｃｏｍ')).toBe('admin@example.com');
    expect(normalizeEmail('ａｄｍｉｎ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toBe('admin@example.com');
    expect(normalizeEmail('ﬁnance@example.com')).toBe('finance@example.com');
    expect(normalizeEmail('ℌello@example.com')).toBe('hello@example.com');
    expect(emailDomain('ａｄｍｉｎ＠ＬＡＢＥＬ．com')).toBe('label.com');
  });

  it('checks the shape of the normalised address, so a full-width @ is an @', () => {
    expect(emailSchema().safeParse('ａｄｍｉｎ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toMatchObject({
      success: true,
      data: 'ａｄｍｉｎ@ｅｘａｍｐｌｅ.ｃｏｍ'.normalize('NFKC'),
    });
  });
});

describe('restricted-domain email variant', () => {
  const creatorEmail = restrictedDomainEmailSchema(['label.com', '@brand.co.uk']);

  it.each(['fan@gmail.com', 'someone@notlabel.com', 'someone@label.com.au'])('accepts %s', (value) => {
    expect(creatorEmail.safeParse(value).success).toBe(true);
  });

  it.each(['staff@label.com', 'Staff@LABEL.com', 'staff@uk.label.com', 'staff@brand.co.uk'])(
    'rejects %s',
    (value) => {
      expect(messagesOf(creatorEmail.safeParse(value))).toEqual([
        'Email addresses from this domain are not allowed',
      ]);
    },
  );

  it('checks the shape first', () => {
    expect(messagesOf(creatorEmail.safeParse('label.com'))).toEqual(['A valid email is required']);
  });

  it('has a company-only counterpart', () => {
    const staffEmail = companyDomainEmailSchema(['label.com']);
    expect(staffEmail.safeParse('staff@label.com').success).toBe(true);
    expect(messagesOf(staffEmail.safeParse('fan@gmail.com'))).toEqual([
      'Please use your company email address',
    ]);
    expect(isEmailOnDomains('a@x.label.com', ['label.com'])).toBe(true);
    expect(isEmailOnDomains('a@xlabel.com', ['label.com'])).toBe(false);
  });
});
