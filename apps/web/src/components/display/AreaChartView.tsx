import '@mantine/charts/styles.css';
import { AreaChart, type AreaChartSeries } from '@mantine/charts';
import { abbreviateNumber } from '@platform/shared';

export interface AreaChartViewProps {
  data: Record<string, unknown>[];
  dataKey: string;
  series: AreaChartSeries[];
  height: number;
}

const formatValue = (value: number) => abbreviateNumber(value);

/** The chart itself, in a module of its own so that the charting library loads only where a chart shows. */
export default function AreaChartView({ data, dataKey, series, height }: AreaChartViewProps) {
  return (
    <AreaChart
      h={height}
      data={data}
      dataKey={dataKey}
      series={series}
      curveType="monotone"
      withLegend
      withTooltip
      withGradient
      valueFormatter={formatValue}
      legendProps={{ verticalAlign: 'bottom', height: 40 }}
      yAxisProps={{ width: 48 }}
      tickLine="y"
      gridAxis="y"
    />
  );
}
