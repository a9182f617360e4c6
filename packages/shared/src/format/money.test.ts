import { describe, expect, it } from 'vitest';
import { currencyDecimals, formatMoney, parseMoney } from './money';

describe('money in minor units', () => {
  it.each([
    [123456, 'GBP', '£1,234.56'],
    [5000, 'EUR', '€50.00'],
    [99, 'AUD', 'A$0.99'],
    [100000000, 'USD', 'US$1,000,000.00'],
    [500, 'JPY', 'JP¥500'],
  ])('shows %i %s as %s', (minor, currency, shown) => {
    expect(formatMoney(minor, currency)).toBe(shown);
  });

  it('knows how many decimals each currency has', () => {
    expect(currencyDecimals('GBP')).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
  });

  it.each([
    ['1,234.5', 'GBP', 123450],
    ['£20', 'GBP', 2000],
    ['0.07', 'USD', 7],
    ['.5', 'EUR', 50],
    ['500', 'JPY', 500],
    ['12.345', 'GBP', null],
    ['-5', 'GBP', null],
    ['ten', 'GBP', null],
    ['', 'GBP', null],
    ['5.5', 'JPY', null],
  ])('reads %j in %s as %j', (typed, currency, minor) => {
    expect(parseMoney(typed, currency)).toBe(minor);
  });
});
