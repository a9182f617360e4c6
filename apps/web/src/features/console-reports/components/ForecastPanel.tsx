import { Alert, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  formatDateTime,
  formatMoney,
  type CampaignForecast,
  type ForecastProjection,
  type ForecastState,
} from '@platform/shared';
import { AreaChartCard, type AreaChartSeries } from '../../../components/display/AreaChartCard';
import { CHECK_CONNECTION, LoadFailure } from '../../../components/feedback/failure';
import { formatCount } from '../../../lib/metrics-words';
import { useCampaignForecast } from '../api/get-report';
import { FigureCard } from './KpiCards';
import { formatAxisDay, formatDay } from './report-words';
import classes from './Report.module.css';

/** Why there is no projection, in the words a reader needs. */
export const NO_PROJECTION: Readonly<Record<Exclude<ForecastState, 'PROJECTED'>, string>> = {
  NOT_STARTED: 'The campaign has not started yet.',
  ENDED: 'The campaign has ended: its report has the final figures.',
  TOO_EARLY: 'A forecast needs at least two whole days of figures.',
};

const SERIES: AreaChartSeries[] = [
  { name: 'views', label: 'Views so far', color: 'indigo.6' },
  { name: 'projectedViews', label: 'Projected views', color: 'violet.5', strokeDasharray: '6 4' },
  { name: 'highViews', label: 'High', color: 'gray.5', strokeDasharray: '2 3' },
  { name: 'lowViews', label: 'Low', color: 'gray.5', strokeDasharray: '2 3' },
];

/** How the projection is made, for a reader who wants to know how far to trust it. */
export function methodText(forecast: Pick<CampaignForecast, 'trendDays' | 'trendFrom' | 'trendTo'>): string {
  const from = forecast.trendFrom ? formatDay(forecast.trendFrom) : '';
  const to = forecast.trendTo ? formatDay(forecast.trendTo) : '';
  return (
    `We fit a straight line to the campaign’s cumulative views, and separately to its cumulative spend, over ` +
    `its last ${forecast.trendDays} whole days (${from} to ${to}), by least squares. The projection carries ` +
    `that line’s daily rate from where each figure stands now to the end date. The range uses the slope ` +
    `plus or minus two standard errors, so it widens when the daily figures are uneven; it never goes below ` +
    `what has already happened. Spend is capped at the budget, and the budget runs out on the day the spend ` +
    `line reaches it.`
  );
}

function Projection({
  label,
  projection,
  format,
  unit,
}: {
  label: string;
  projection: ForecastProjection;
  format: (value: number) => string;
  unit: string;
}) {
  return (
    <FigureCard label={label} value={format(projection.projected)}>
      <Text size="sm">
        Range {format(projection.low)} to {format(projection.high)}
      </Text>
      <Text size="sm" c="dimmed">
        {format(projection.current)} so far, about {format(Math.round(projection.perDay))} {unit} a day
      </Text>
    </FigureCard>
  );
}

/**
 * The forecast's days as the chart draws them. The last whole day also starts the projection and its
 * range, at the views it ended with, so that the dashed lines carry on from the solid one.
 */
export function forecastChartRows(series: CampaignForecast['series']) {
  const lastActual = series.findLastIndex((point) => point.views !== null);
  return series.map((point, index) => {
    const row = { ...point, date: formatAxisDay(point.date) };
    if (index !== lastActual || index === series.length - 1) return row;
    return { ...row, projectedViews: point.views, lowViews: point.views, highViews: point.views };
  });
}

function Projected({ forecast }: { forecast: CampaignForecast }) {
  const money = (minor: number) => formatMoney(minor, forecast.currency);
  const data = forecastChartRows(forecast.series);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {forecast.views && (
          <Projection
            label="Views by the end"
            projection={forecast.views}
            format={formatCount}
            unit="views"
          />
        )}
        {forecast.spendMinor && (
          <Projection label="Spend by the end" projection={forecast.spendMinor} format={money} unit="spent" />
        )}
        <FigureCard label="Budget" value={money(forecast.budgetMinor)}>
          <Text size="sm">
            {forecast.budgetRunsOutAt
              ? `The budget runs out on ${formatDay(forecast.budgetRunsOutAt)} at this rate.`
              : 'The budget lasts to the end at this rate.'}
          </Text>
          <Text size="sm" c="dimmed">
            {money(forecast.spentMinor)} spent, {money(forecast.leftMinor)} left
          </Text>
        </FigureCard>
      </SimpleGrid>
      <AreaChartCard
        title="Views so far and projected to the end"
        data={data}
        dataKey="date"
        series={SERIES}
      />
      <Stack gap={4} className={classes.card}>
        <Title order={2} size="h4">
          How this is worked out
        </Title>
        <Text size="sm" maw={760}>
          {methodText(forecast)}
        </Text>
      </Stack>
    </Stack>
  );
}

/** Views and spend projected to the campaign's end, or why there is no projection yet. */
export function ForecastView({ forecast }: { forecast: CampaignForecast }) {
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Worked out {formatDateTime(forecast.asOf, 'long')}, for the campaign ending{' '}
        {formatDateTime(forecast.endsAt, 'long')}.
      </Text>
      {forecast.state === 'PROJECTED' ? (
        <Projected forecast={forecast} />
      ) : (
        <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden="true" />} title="No forecast">
          {NO_PROJECTION[forecast.state]}
        </Alert>
      )}
    </Stack>
  );
}

export function ForecastPanel({ campaignId }: { campaignId: string }) {
  const forecast = useCampaignForecast(campaignId);
  if (forecast.data) return <ForecastView forecast={forecast.data} />;
  if (forecast.isError) {
    return (
      <LoadFailure
        title="We could not load the forecast"
        message={CHECK_CONNECTION}
        onRetry={() => void forecast.refetch()}
        retrying={forecast.isFetching}
      />
    );
  }
  return <Skeleton role="status" height={320} radius="md" aria-label="Loading the forecast" />;
}
