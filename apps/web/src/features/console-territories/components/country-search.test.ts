import { COUNTRIES } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { searchCountries } from './TerritoryFormDialog';

const codesFor = async (typed: string) =>
  (await searchCountries(typed, new AbortController().signal)).map((item) => item.id);

describe('the territory form’s country search', () => {
  it('offers the exact name first, then names that start with what was typed, then names that hold it', async () => {
    const niger = await codesFor('niger');
    expect(niger[0]).toBe('NE');
    expect(niger).toContain('NG');

    const india = await codesFor('India');
    expect(india[0]).toBe('IN');
    expect(india).toContain('IO');

    const sudan = await codesFor(' sudan ');
    expect(sudan[0]).toBe('SD');
    expect(sudan.indexOf('SS')).toBeGreaterThan(0);
  });

  it('puts the country whose code was typed first', async () => {
    expect((await codesFor('gb'))[0]).toBe('GB');
    expect((await codesFor('US'))[0]).toBe('US');
  });

  it('offers names that start with what was typed before names that only hold it, each in list order', async () => {
    const codes = await codesFor('gu');
    const names = codes.map((code) => COUNTRIES.find((country) => country.code === code)?.name ?? code);
    const starting = names.filter((name) => name.toLowerCase().startsWith('gu'));
    expect(names.slice(0, starting.length)).toEqual(starting);
    expect(names.length).toBeGreaterThan(starting.length);
  });

  it('offers every entry of the list when nothing is typed', async () => {
    expect(await codesFor('')).toEqual(COUNTRIES.map((country) => country.code));
  });
});
