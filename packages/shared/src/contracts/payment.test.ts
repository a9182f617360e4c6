import { describe, expect, it } from 'vitest';
import { rewardPurpose } from './payment';

describe('rewardPurpose', () => {
  it('names what each reward rule paid for', () => {
    expect(rewardPurpose({ rule: 'SLOT', rank: null, period: null })).toBe('Entry reward');
    expect(rewardPurpose({ rule: 'PRIZE', rank: 2, period: null })).toBe('Prize for place 2');
    expect(rewardPurpose({ rule: 'SPRINT_PRIZE', rank: 1, period: 3 })).toBe('Prize for place 1 in period 3');
  });

  it('still reads as a prize when the place or period is unknown', () => {
    expect(rewardPurpose({ rule: 'PRIZE', rank: null, period: null })).toBe('Prize');
    expect(rewardPurpose({ rule: 'SPRINT_PRIZE', rank: 4, period: null })).toBe('Prize for place 4');
  });
});
