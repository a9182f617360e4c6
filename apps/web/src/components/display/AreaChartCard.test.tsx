import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AreaChartCard } from './AreaChartCard';
import { renderWidget } from '../../test/render-widget';

const series = [{ name: 'views', label: 'Views', color: 'indigo.6' }];

describe('AreaChartCard', () => {
  it('says there is no data yet when it has none', () => {
    renderWidget(<AreaChartCard title="Views" data={[]} dataKey="date" series={series} />);
    expect(screen.getByRole('figure', { name: 'Views' })).toHaveTextContent('No data yet');
  });

  it('shows a skeleton while loading', () => {
    renderWidget(<AreaChartCard title="Views" data={[]} dataKey="date" series={series} loading />);
    expect(screen.getByRole('status', { name: 'Loading Views' })).toBeInTheDocument();
    expect(screen.queryByText('No data yet')).not.toBeInTheDocument();
  });
});
