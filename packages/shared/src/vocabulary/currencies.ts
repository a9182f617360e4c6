import { code as currencyRecord } from 'currency-codes';

/** Currencies of the marketing area (SPEC §3). */
export const MARKETING_CURRENCIES = ['AUD', 'EUR', 'GBP', 'USD'] as const;
export type MarketingCurrency = (typeof MARKETING_CURRENCIES)[number];

/** ISO 4217 currencies creators may be paid in (SPEC §3: about 50). */
export const CURRENCY_CODES = [
  'AUD',
  'EUR',
  'GBP',
  'USD',
  'INR',
  'JPY',
  'CAD',
  'NZD',
  'CHF',
  'CNY',
  'HKD',
  'SGD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'TRY',
  'ZAR',
  'BRL',
  'MXN',
  'ARS',
  'CLP',
  'COP',
  'PEN',
  'KRW',
  'TWD',
  'THB',
  'MYR',
  'IDR',
  'PHP',
  'VND',
  'PKR',
  'BDT',
  'LKR',
  'AED',
  'SAR',
  'QAR',
  'KWD',
  'BHD',
  'OMR',
  'ILS',
  'EGP',
  'NGN',
  'KES',
  'GHS',
  'MAD',
  'UAH',
  'ISK',
] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** Symbols where one is unambiguous in an English-speaking interface; the rest show their code. */
export const CURRENCY_SYMBOLS: Partial<Record<CurrencyCode, string>> = {
  AUD: 'A$',
  EUR: '€',
  GBP: '£',
  USD: '$',
  INR: '₹',
  JPY: '¥',
  CAD: 'CA$',
  NZD: 'NZ$',
  CNY: 'CN¥',
  HKD: 'HK$',
  SGD: 'S$',
  KRW: '₩',
  ILS: '₪',
  NGN: '₦',
  PHP: '₱',
  THB: '฿',
  VND: '₫',
  TRY: '₺',
  UAH: '₴',
  PLN: 'zł',
  BRL: 'R$',
  MXN: 'MX$',
  ZAR: 'R',
  GHS: 'GH₵',
};

export interface Currency {
  code: CurrencyCode;
  name: string;
  /** Digits after the decimal point: money is stored in these minor units. */
  minorUnitDigits: number;
  symbol?: string;
}

export const CURRENCIES: readonly Currency[] = CURRENCY_CODES.map((code) => {
  const record = currencyRecord(code);
  if (!record) throw new Error(`Unknown ISO 4217 currency ${code}`);
  const symbol = CURRENCY_SYMBOLS[code];
  return {
    code,
    name: record.currency,
    minorUnitDigits: record.digits,
    ...(symbol ? { symbol } : {}),
  };
});

const currencyCodes = new Set<string>(CURRENCY_CODES);

export function isCurrencyCode(value: string): value is CurrencyCode {
  return currencyCodes.has(value);
}

/** The symbol to show before an amount, or the code itself where there is none. */
export function currencySymbol(code: string): string {
  return isCurrencyCode(code) ? (CURRENCY_SYMBOLS[code] ?? code) : code;
}

export function currencyMinorUnitDigits(code: CurrencyCode): number {
  return CURRENCIES.find((currency) => currency.code === code)?.minorUnitDigits ?? 2;
}
