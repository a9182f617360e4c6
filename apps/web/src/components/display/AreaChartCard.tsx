import { Center, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { AreaChartSeries } from '@mantine/charts';
import { IconChartAreaLine } from '@tabler/icons-react';
import { lazy, Suspense, useId } from 'react';

const AreaChartView = lazy(() => import('./AreaChartView'));

export type { AreaChartSeries };

export interface AreaChartCardProps {
  title: string;
  /** One object per point on the x axis, with the `dataKey` value and a number per series. */
  data: Record<string, unknown>[];
  /** The key of the x axis value in each data point, for example 'date'. */
  dataKey: string;
  /** Which keys of the data points to draw, with their legend label and colour. */
  series: AreaChartSeries[];
  loading?: boolean;
  /** Shown instead of the chart when there is no data. */
  emptyLabel?: string;
  height?: number;
}

/**
 * An area chart with legend and tooltip, values abbreviated (1.5k, 2m). The charting library loads with
 * the first chart shown, not with the page.
 */
export function AreaChartCard({
  title,
  data,
  dataKey,
  series,
  loading = false,
  emptyLabel = 'No data yet',
  height = 260,
}: AreaChartCardProps) {
  const titleId = useId();
  const placeholder = <Skeleton height={height} radius="md" />;

  let body;
  if (loading) {
    body = (
      <div role="status" aria-label={`Loading ${title}`}>
        {placeholder}
      </div>
    );
  } else if (data.length === 0) {
    body = (
      <Center
        h={height}
        bg="var(--mantine-color-gray-0)"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      >
        <Stack align="center" gap={4}>
          <IconChartAreaLine size={32} stroke={1.5} color="var(--mantine-color-gray-5)" aria-hidden="true" />
          <Text c="dimmed" size="sm">
            {emptyLabel}
          </Text>
        </Stack>
      </Center>
    );
  } else {
    body = (
      <Suspense fallback={placeholder}>
        <AreaChartView data={data} dataKey={dataKey} series={series} height={height} />
      </Suspense>
    );
  }

  return (
    <Paper component="figure" withBorder radius="md" p="md" m={0} aria-labelledby={titleId}>
      <Text component="figcaption" id={titleId} fw={600} mb="sm">
        {title}
      </Text>
      {body}
    </Paper>
  );
}
