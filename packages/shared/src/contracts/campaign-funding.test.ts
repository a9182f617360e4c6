import { describe, expect, it } from 'vitest';
import {
  budgetThresholdsReached,
  fundingStateOf,
  reservableOf,
  transferFundingBodySchema,
} from './campaign-funding';

describe('a campaign’s funding (ADR 038)', () => {
  it('is unfunded, partly funded or funded against the budget', () => {
    expect(fundingStateOf(100_000, 0)).toBe('UNFUNDED');
    expect(fundingStateOf(100_000, 99_999)).toBe('PARTLY_FUNDED');
    expect(fundingStateOf(100_000, 100_000)).toBe('FUNDED');
    expect(fundingStateOf(100_000, 150_000)).toBe('FUNDED');
  });

  it('lets rewards reserve the budget, never beyond what was received', () => {
    expect(reservableOf(100_000, 40_000)).toBe(40_000);
    expect(reservableOf(100_000, 250_000)).toBe(100_000);
    expect(reservableOf(100_000, 0)).toBe(0);
  });

  it('reaches each alert threshold at its share of the budget, not a minor unit before', () => {
    expect(budgetThresholdsReached(49_999, 100_000)).toEqual([]);
    expect(budgetThresholdsReached(50_000, 100_000)).toEqual([50]);
    expect(budgetThresholdsReached(94_999, 100_000)).toEqual([50, 80]);
    expect(budgetThresholdsReached(100_000, 100_000)).toEqual([50, 80, 95]);
    expect(budgetThresholdsReached(0, 0)).toEqual([]);
  });

  it('records a transfer only with its reference and a whole amount above zero', () => {
    const issues = transferFundingBodySchema
      .safeParse({ amountMinor: 0, reference: ' ' })
      .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['amountMinor', 'Enter an amount above zero'],
      ['reference', 'Give the transfer’s reference, as it appears on the bank statement'],
    ]);
    expect(
      transferFundingBodySchema.safeParse({ amountMinor: 10.5, reference: 'BACS 123' }).error?.issues[0]
        ?.message,
    ).toBe('Enter a whole number');
    expect(transferFundingBodySchema.safeParse({ amountMinor: 100_000, reference: 'BACS 123' }).success).toBe(
      true,
    );
  });
});
