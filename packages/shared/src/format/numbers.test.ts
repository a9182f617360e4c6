import { describe, expect, it } from 'vitest';
import { abbreviateNumber, formatBadgeCount, ordinal } from './numbers';

describe('abbreviateNumber', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [12.34, '12.3'],
    [1000, '1k'],
    [1049, '1k'],
    [1050, '1.1k'],
    [1500, '1.5k'],
    [12_345, '12.3k'],
    [999_949, '999.9k'],
    [999_950, '1m'],
    [1_000_000, '1m'],
    [1_234_567, '1.2m'],
    [999_999_999, '1b'],
    [1_000_000_000, '1b'],
    [3_250_000_000, '3.3b'],
    [1_500_000_000_000, '1500b'],
    [-1500, '-1.5k'],
    [-2_000_000, '-2m'],
    [-999, '-999'],
    [-0.04, '0'],
  ])('%d -> %s', (value, text) => {
    expect(abbreviateNumber(value)).toBe(text);
  });

  it.each([
    [1234, 2, '1.23k'],
    [1500, 2, '1.5k'],
    [1_234_567, 0, '1m'],
    [999_950, 2, '999.95k'],
    [1999, 0, '2k'],
  ])('%d with %d decimals -> %s', (value, decimals, text) => {
    expect(abbreviateNumber(value, decimals)).toBe(text);
  });

  it('leaves non-finite numbers alone', () => {
    expect(abbreviateNumber(Number.NaN)).toBe('NaN');
    expect(abbreviateNumber(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});

describe('formatBadgeCount', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [42, '42'],
    [99, '99'],
    [100, '99+'],
    [12_345, '99+'],
    [-3, '0'],
    [Number.NaN, '0'],
  ])('%d -> %s', (value, text) => {
    expect(formatBadgeCount(value)).toBe(text);
  });
});

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [101, '101st'],
    [111, '111th'],
    [112, '112th'],
  ])('%d -> %s', (rank, text) => {
    expect(ordinal(rank)).toBe(text);
  });
});
