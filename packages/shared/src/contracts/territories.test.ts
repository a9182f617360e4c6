import { describe, expect, it } from 'vitest';
import { countryCoverage, territoryCoverage, type CountryCoverage } from './territories';

const covers = (coverage: CountryCoverage, country: string) =>
  coverage.kind === 'all' ||
  (coverage.kind === 'allBut' ? coverage.country !== country : coverage.countries.includes(country));

describe('countryCoverage', () => {
  it.each<[string, string[][], CountryCoverage]>([
    ['no territories', [], { kind: 'only', countries: [] }],
    [
      'named countries',
      [
        ['GB', 'IE'],
        ['FR', 'GB'],
      ],
      { kind: 'only', countries: ['FR', 'GB', 'IE'] },
    ],
    ['a global territory', [['GB'], ['GLOBAL']], { kind: 'all' }],
    ['everywhere but the UK', [['GLOBAL_EX_UK'], ['AU']], { kind: 'allBut', country: 'GB' }],
    ['everywhere but the UK, and the UK named', [['GLOBAL_EX_UK'], ['GB']], { kind: 'all' }],
    [
      'everywhere but the UK and everywhere but the US',
      [['GLOBAL_EX_UK'], ['GLOBAL_EX_US']],
      { kind: 'all' },
    ],
    ['everywhere but the US', [['GLOBAL_EX_US']], { kind: 'allBut', country: 'US' }],
  ])('%s', (_, territories, expected) => {
    expect(countryCoverage(territories)).toEqual(expected);
  });

  it('agrees with territoryCoverage, country by country', () => {
    const sets: string[][][] = [
      [['GB', 'IE']],
      [['GLOBAL_EX_UK'], ['AU']],
      [['GLOBAL_EX_US'], ['US']],
      [['GLOBAL_EX_UK'], ['GLOBAL_EX_US']],
      [['GLOBAL']],
      [['DE'], ['GLOBAL_EX_US']],
    ];
    for (const territories of sets) {
      const coverage = countryCoverage(territories);
      for (const country of ['GB', 'US', 'AU', 'IE', 'DE', 'FR']) {
        const expected = territories.some((codes) => territoryCoverage(codes, country) > 0);
        expect(covers(coverage, country), `${JSON.stringify(territories)} ${country}`).toBe(expected);
      }
    }
  });
});
