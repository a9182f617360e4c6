import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes what needs quoting and leaves the rest as it is', () => {
    expect(
      toCsv([
        ['Name', 'Note'],
        ['Ada', 'said "hi", twice'],
        ['Grace', null],
      ]),
    ).toBe('Name,Note\r\nAda,"said ""hi"", twice"\r\nGrace,\r\n');
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    expect(toCsv([['=HYPERLINK("x")', '-1', '@me', 'plain']])).toBe(
      `"'=HYPERLINK(""x"")",'-1,'@me,plain\r\n`,
    );
  });
});
