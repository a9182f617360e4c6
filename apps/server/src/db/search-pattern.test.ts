import { describe, expect, it } from 'vitest';
import { containing } from './search-pattern';

describe('containing', () => {
  it.each([
    ['casey', '%casey%'],
    ['50%', '%50\\%%'],
    ['a_b', '%a\\_b%'],
    ['back\\slash', '%back\\\\slash%'],
  ])('%s -> %s', (text, pattern) => {
    expect(containing(text)).toBe(pattern);
  });
});
