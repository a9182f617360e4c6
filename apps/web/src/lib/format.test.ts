import { describe, expect, it } from 'vitest';
import { humanize } from './format';

describe('humanize', () => {
  it.each([
    ['ACTIVE', 'Active'],
    ['DATA_CAPTURE', 'Data capture'],
    ['CampaignMarketer', 'Campaign marketer'],
    ['Creator', 'Creator'],
  ])('turns %s into %s', (value, label) => {
    expect(humanize(value)).toBe(label);
  });
});
