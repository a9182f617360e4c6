import { describe, expect, it } from 'vitest';
import { formatCount, metricsSourceWords, viewsText } from './metrics-words';

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(12_400)).toBe('12,400');
    expect(formatCount(3_250_000)).toBe('3,250,000');
  });
});

describe('viewsText', () => {
  it('says one view, and any other number in the plural', () => {
    expect(viewsText(1)).toBe('1 view');
    expect(viewsText(0)).toBe('0 views');
    expect(viewsText(12_400)).toBe('12,400 views');
  });
});

describe('metricsSourceWords', () => {
  it('names the platform or who sent the figures', () => {
    expect(metricsSourceWords('youtube-data-api')).toBe('YouTube');
    expect(metricsSourceWords('tiktok-business')).toBe('TikTok');
    expect(metricsSourceWords('instagram-graph')).toBe('Instagram');
    expect(metricsSourceWords('csv-import')).toBe('the campaign team’s import');
    expect(metricsSourceWords('webhook')).toBe('a measurement partner');
    expect(metricsSourceWords('staff-correction')).toBe('the campaign team’s correction');
  });

  it('keeps a source it does not know as it was given, and nothing of the prototype', () => {
    expect(metricsSourceWords('snapchat-api')).toBe('snapchat-api');
    expect(metricsSourceWords('toString')).toBe('toString');
  });
});
