import { z } from 'zod';
import { normalizeCountryCode } from '../vocabulary/countries';
import { MOBILE_DIGITS, MOBILE_DIGITS_AUSTRALIA } from './constants';
import { REQUIRED_MESSAGE, mobileDigitsMessage } from './messages';

/** Digits of a mobile number without the dial code: 9 in Australia, 10 elsewhere (SPEC §5). */
export function mobileDigitsFor(country?: string): number {
  return country !== undefined && normalizeCountryCode(country) === 'AU'
    ? MOBILE_DIGITS_AUSTRALIA
    : MOBILE_DIGITS;
}

/** Spaces people type to group digits ('07700 900123') are not part of the number. */
export function compactMobile(value: string): string {
  return value.replace(/\s+/g, '');
}

export function isValidMobile(value: string, country?: string): boolean {
  return new RegExp(`^\\d{${mobileDigitsFor(country)}}$`).test(compactMobile(value));
}

/** A required mobile number for the country (ISO2); the parsed value has its spaces removed. */
export function mobileSchema(country?: string) {
  return z
    .string({ error: REQUIRED_MESSAGE })
    .transform(compactMobile)
    .pipe(
      z
        .string()
        .min(1, { error: REQUIRED_MESSAGE, abort: true })
        .refine((value) => isValidMobile(value, country), {
          error: mobileDigitsMessage(mobileDigitsFor(country)),
        }),
    );
}

/** Like `mobileSchema`, but an empty or missing value is accepted. */
export function optionalMobileSchema(country?: string) {
  return z
    .string()
    .transform(compactMobile)
    .pipe(
      z.string().refine((value) => value === '' || isValidMobile(value, country), {
        error: mobileDigitsMessage(mobileDigitsFor(country)),
      }),
    )
    .optional();
}
