import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './PagedTable';
import { renderWidget } from '../../test/render-widget';

describe('Pager', () => {
  it('shows nothing when there is nothing to count', () => {
    renderWidget(<Pager total={0} page={1} pageSize={25} noun="team" onChange={vi.fn()} />);
    expect(screen.queryByText(/teams/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('counts with the plural it is given, and pages by number and by control', async () => {
    const onChange = vi.fn();
    const { user } = renderWidget(
      <Pager total={60} page={2} pageSize={25} noun="territory" plural="territories" onChange={onChange} />,
    );
    expect(screen.getByText('60 territories')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange.mock.calls).toEqual([[3], [1]]);
  });
});
