import { describe, expect, it } from 'vitest';
import { approvedPayment, payment } from '../../../test/payments';
import { csvCell, paymentsCsv, paymentsCsvFileName } from './payments-csv';

describe('csvCell', () => {
  it('quotes a cell holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "no"')).toBe('"say ""no"""');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(2)).toBe('2');
  });

  it('keeps a spreadsheet from reading a cell as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
  });
});

describe('paymentsCsv', () => {
  it('writes a heading row and a row per payment, each ending in CRLF', () => {
    const csv = paymentsCsv([
      approvedPayment({
        amountMinor: 123_450,
        reward: { rule: 'PRIZE', rank: 1, period: null, basis: null },
      }),
      payment({
        id: 'p-2',
        status: 'REJECTED',
        rejectionReason: '=cmd, "really"',
        decidedAt: '2030-06-05T08:00:00.000Z',
        currency: 'EUR',
        amountMinor: 500,
      }),
    ]);

    expect(csv.split('\r\n')).toEqual([
      'Payment ID,Entry ID,Status,Reward,Rank,Period,Amount,Currency,Created (UTC),Decided (UTC),Invoice number,Rejection reason',
      '6a1b2c3d-0000-4000-8000-0000000000f1,7c1d2e3f-0000-4000-8000-0000000000e1,APPROVED,PRIZE,1,,1234.50,GBP,2030-06-03T10:00:00.000Z,2030-06-04T15:30:00.000Z,SB-2030-000123,',
      `p-2,7c1d2e3f-0000-4000-8000-0000000000e1,REJECTED,SLOT,,,5.00,EUR,2030-06-03T10:00:00.000Z,2030-06-05T08:00:00.000Z,,"'=cmd, ""really"""`,
      '',
    ]);
  });

  it('writes the heading row alone when there are no payments', () => {
    expect(paymentsCsv([])).toMatch(/^Payment ID,.*,Rejection reason\r\n$/);
  });
});

describe('paymentsCsvFileName', () => {
  it('names the file after the campaign, in letters any system takes', () => {
    expect(paymentsCsvFileName('Summer Sound!')).toBe('summer-sound-payments.csv');
    expect(paymentsCsvFileName('Été à Paris / 2030')).toBe('ete-a-paris-2030-payments.csv');
    expect(paymentsCsvFileName('★★★')).toBe('payments.csv');
  });
});
