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
    // Addresses real mail systems deliver to, as RFC 5321 and RFC 6531 allow them unquoted
    'very.common@example.com',
    'disposable.style.email.with+symbol@example.com',
    'other.email-with-hyphen@example.com',
    'fully-qualified-domain@example.com',
    'user.name+tag+sorting@example.com',
    'x@example.com',
    'example-indeed@strange-example.com',
    'test/test@test.com',
    'example@s.example',
    'mailhost!username@example.org',
    'user%example.com@example.org',
    'user-@example.org',
    "#!$%&'*+-/=?^_`{}|~@example.org",
    'Pelé@example.com',
    'info@bücher.ch',
    'info@xn--bcher-kva.ch',
    'kontakt@münchen.de',
    'user@sub-domain.example-host.co.uk',
    'user@123.example.com',
    'user@example.museum',
    'user@example.xn--p1ai',
    'user@xn--80aswg.xn--p1ai',
    'user@example.xn--vermgensberatung-pwb',
  ])('accepts %s', (value) => {
    expect(isValidEmail(value)).toBe(true);
    expect(emailSchema().safeParse(value).success).toBe(true);
  });

  it.each([
    ['no @', 'plainaddress'],
    ['no @, a dot instead', 'Abc.example.com'],
    ['nothing before the @', '@example.com'],
    ['nothing after the @', 'someone@'],
    ['no dot in the domain', 'someone@example'],
    ['a space', 'some one@example.com'],
    ['two @', 'a@b@c.com'],
    ['three @', 'A@b@c@example.com'],
    ['a domain starting with a dot', 'a@.com'],
    ['consecutive dots before the @', 'first..last@example.com'],
    ['consecutive dots in the domain', 'someone@example..com'],
    ['a leading dot', '.someone@example.com'],
    ['a trailing dot before the @', 'someone.@example.com'],
    ['only a dot before the @', '.@example.com'],
    ['a trailing dot in the domain', 'someone@example.com.'],
    ['a local part of 65 characters', `${'a'.repeat(65)}@example.com`],
    ['a quoted local part', '"john"@example.com'],
    ['a quoted local part with a dot', '"john.doe"@example.com'],
    ['a quoted space', '" "@example.org'],
    ['quoted consecutive dots', '"john..doe"@example.org'],
    ['quotes inside the local part', 'just"not"right@example.com'],
    ['the characters only a quoted local part may hold', 'a"b(c)d,e:f;g<h>i[j\\k]l@example.com'],
    ['a comma', 'first,last@example.com'],
    ['a colon', 'first:last@example.com'],
    ['a semicolon', 'first;last@example.com'],
    ['angle brackets', '<someone>@example.com'],
    ['brackets', 'some(one)@example.com'],
    ['a backslash', 'some\\one@example.com'],
    ['an underscore in the domain', 'i.like.underscores@but_they_are.not_allowed.com'],
    ['a label starting with a hyphen', 'someone@-example.com'],
    ['a label ending with a hyphen', 'someone@example-.com'],
    ['a symbol in the domain', 'someone@exa!mple.com'],
    ['an IPv4 address literal', 'postmaster@[123.123.123.123]'],
    ['an IPv6 address literal', 'postmaster@[IPv6:2001:0db8:85a3:0000:0000:8a2e:0370:7334]'],
    ['an IP address as the domain', 'someone@192.168.0.1'],
    ['an all-numeric top-level domain', 'someone@example.123'],
    ['a one-letter top-level domain', 'someone@example.c'],
    ['a top-level domain starting with a digit', 'someone@example.1com'],
    ['a top-level domain ending with a hyphen', 'someone@example.com-'],
    ['a Cyrillic top-level domain', 'someone@example.рф'],
    ['a Greek address with a Greek top-level domain', 'δοκιμή@παράδειγμα.δοκιμή'],
    ['a Japanese top-level domain', '二ノ宮@黒川.日本'],
    ['a Chinese top-level domain', '我買@屋企.香港'],
    ['a Cyrillic с in .com', 'someone@example.сom'],
    ['a NUL', 'some\u0000one@example.com'],
    ['an escape', 'someone\u001b@example.com'],
    ['a DEL', 'someone@exa\u007fmple.com'],
    ['a C1 control character', 'some\u0085one@example.com'],
    ['a tab', 'some\tone@example.com'],
    ['a no-break space', 'some\u00a0one@example.com'],
    ['an ideographic space', 'someone@example\u3000.com'],
  ])('rejects %s with the spec message: %j', (_case, value) => {
    expect(isValidEmail(value)).toBe(false);
    expect(messagesOf(emailSchema().safeParse(value))).toEqual(['A valid email is required']);
  });

  it('takes a local part of up to 64 characters (RFC 5321 §4.5.3.1.1)', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    expect(isValidEmail(`${'a.'.repeat(32)}b@example.com`)).toBe(false);
    expect(isValidEmail(`${'é'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'é'.repeat(65)}@example.com`)).toBe(false);
  });

  it('takes domain labels of up to 63 characters (RFC 1035 §2.3.4), wherever they are', () => {
    const label63 = 'b'.repeat(63);
    const label64 = 'b'.repeat(64);
    expect(isValidEmail(`someone@${label63}.com`)).toBe(true);
    expect(isValidEmail(`someone@${label64}.com`)).toBe(false);
    expect(isValidEmail(`someone@mail.${label63}.co.uk`)).toBe(true);
    expect(isValidEmail(`someone@mail.${label64}.co.uk`)).toBe(false);
    expect(isValidEmail(`someone@${'ü'.repeat(63)}.de`)).toBe(true);
    expect(isValidEmail(`someone@${'ü'.repeat(64)}.de`)).toBe(false);
    expect(isValidEmail(`someone@example.${'c'.repeat(63)}`)).toBe(true);
    expect(isValidEmail(`someone@example.${'c'.repeat(64)}`)).toBe(false);
  });

  it('takes an address of up to 254 characters (RFC 5321 §4.5.3.1.3)', () => {
    const domainOf = (length: number) => {
      const labels = Array.from({ length: Math.floor(length / 64) }, () => 'b'.repeat(63));
      const rest = length - labels.length * 64 - 'com'.length;
      return [...labels, ...(rest > 0 ? ['b'.repeat(rest - 1)] : []), 'com'].join('.');
    };
    const at254 = `${'a'.repeat(64)}@${domainOf(189)}`;
    expect(at254).toHaveLength(254);
    expect(isValidEmail(at254)).toBe(true);
    const at255 = `${'a'.repeat(64)}@${domainOf(190)}`;
    expect(at255).toHaveLength(255);
    expect(isValidEmail(at255)).toBe(false);
    expect(messagesOf(emailSchema().safeParse(at255))).toEqual(['A valid email is required']);
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
