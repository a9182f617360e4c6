import { describe, expect, it } from 'vitest';
import type { CampaignForecast } from '@platform/shared';
import { forecastChartRows } from './ForecastPanel';

type Day = CampaignForecast['series'][number];

const actual = (date: string, views: number): Day => ({
  date,
  views,
  spentMinor: 0,
  projectedViews: null,
  lowViews: null,
  highViews: null,
});
const projected = (date: string, projectedViews: number, lowViews: number, highViews: number): Day => ({
  date,
  views: null,
  spentMinor: null,
  projectedViews,
  lowViews,
  highViews,
});

describe('forecastChartRows', () => {
  it('starts the projection and its range at the last whole day, so the lines join', () => {
    const rows = forecastChartRows([
      actual('2026-11-24', 3_000),
      actual('2026-11-25', 8_000),
      actual('2026-11-26', 15_000),
      projected('2026-11-27', 21_500, 20_400, 22_600),
      projected('2026-11-28', 28_000, 25_000, 31_000),
    ]);
    expect(rows.map((row) => [row.date, row.views, row.projectedViews, row.lowViews, row.highViews])).toEqual(
      [
        ['24 Nov', 3_000, null, null, null],
        ['25 Nov', 8_000, null, null, null],
        ['26 Nov', 15_000, 15_000, 15_000, 15_000],
        ['27 Nov', null, 21_500, 20_400, 22_600],
        ['28 Nov', null, 28_000, 25_000, 31_000],
      ],
    );
  });

  it('leaves a series without a projection as it is', () => {
    const rows = forecastChartRows([actual('2026-11-24', 3_000), actual('2026-11-25', 8_000)]);
    expect(rows.map((row) => [row.date, row.views, row.projectedViews])).toEqual([
      ['24 Nov', 3_000, null],
      ['25 Nov', 8_000, null],
    ]);
  });
});
