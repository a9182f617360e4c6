// Money is integer minor units plus an ISO 4217 code (DESIGN §5). How many minor units make a major one is
// the currency's own (2 for GBP, 0 for JPY, 3 for KWD); Intl knows it, so no table is kept here.

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** How many decimal places the currency's major unit has (2 for GBP, 0 for JPY). */
export function currencyDecimals(currency: string): number {
  return formatterFor(currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** 123456 GBP minor units -> '£1,234.56'; a currency without minor units keeps its amount (500 JPY -> '¥500'). */
export function formatMoney(minorUnits: number, currency: string): string {
  return formatterFor(currency).format(minorUnits / 10 ** currencyDecimals(currency));
}

/**
 * What a person typed ('1,234.5', '£20') as minor units, or null when it is not an amount of this currency
 * (letters, a negative sign, more decimals than the currency has).
 */
export function parseMoney(typed: string, currency: string): number | null {
  const cleaned = typed.replace(/[\s,]/g, '').replace(/^[^\d.-]+/, '');
  const decimals = currencyDecimals(currency);
  const shape =
    decimals === 0 ? /^\d+$/ : new RegExp(`^\\d+(?:\\.\\d{1,${decimals}})?$|^\\.\\d{1,${decimals}}$`);
  if (!shape.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  const minor = Number(whole || '0') * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}
