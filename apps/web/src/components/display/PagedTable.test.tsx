import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PagedTable, type PagedTableProps, type TablePage } from './PagedTable';
import { renderWidget } from '../../test/render-widget';

interface Fruit {
  id: string;
  name: string;
}

const page = (items: Fruit[], total = items.length, pageSize = 2): TablePage<Fruit> => ({
  items,
  total,
  pageSize,
});

function renderTable(props: Partial<PagedTableProps<Fruit>> = {}) {
  const onPageChange = vi.fn();
  const result = renderWidget(
    <PagedTable<Fruit>
      aria-label="Fruit"
      columns={['Name', 'Actions']}
      data={undefined}
      fetching={false}
      failure={null}
      emptyMessage="No fruit yet. Add the first with “Add fruit”."
      renderRow={(fruit) => (
        <tr key={fruit.id}>
          <td>{fruit.name}</td>
          <td />
        </tr>
      )}
      page={1}
      noun="fruit"
      onPageChange={onPageChange}
      {...props}
    />,
  );
  return { ...result, onPageChange };
}

describe('PagedTable', () => {
  it('shows placeholder rows across every column while the first page loads, and no count', () => {
    renderTable({ fetching: true });
    const table = screen.getByRole('table', { name: 'Fruit' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Actions']);
    const placeholders = table.querySelectorAll('tbody tr[aria-hidden="true"]');
    expect(placeholders).toHaveLength(5);
    expect(placeholders[0]?.querySelectorAll('td')).toHaveLength(2);
    expect(screen.queryByText(/fruit/)).not.toBeInTheDocument();
  });

  it('lists the rows of the page, how many there are and the pages', async () => {
    const { user, onPageChange } = renderTable({
      data: page(
        [
          { id: '1', name: 'Apple' },
          { id: '2', name: 'Pear' },
        ],
        3,
      ),
    });
    const table = screen.getByRole('table', { name: 'Fruit' });
    expect(table).not.toHaveAttribute('aria-busy');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('cell', { name: 'Pear' })).toBeInTheDocument();
    expect(screen.getByText('3 fruits')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('counts one in the singular, with no pages', () => {
    renderTable({ data: page([{ id: '1', name: 'Apple' }]) });
    expect(screen.getByText('1 fruit')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 1' })).not.toBeInTheDocument();
  });

  it('says what to do next when there is nothing, without a count', () => {
    renderTable({ data: page([]) });
    const cell = screen.getByRole('cell', { name: 'No fruit yet. Add the first with “Add fruit”.' });
    expect(cell).toHaveAttribute('colspan', '2');
    expect(screen.queryByText(/0 fruits/)).not.toBeInTheDocument();
  });

  it('sends the reader to another page when theirs emptied meanwhile, and keeps it among the pages', () => {
    renderTable({ data: page([], 2), page: 3 });
    expect(
      screen.getByRole('cell', { name: 'Nothing on this page any more. Choose another page below.' }),
    ).toBeInTheDocument();
    expect(screen.getByText('2 fruits')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the failure with its retry instead of the table', async () => {
    const onRetry = vi.fn();
    const { user } = renderTable({ failure: { title: 'We could not load the fruit', onRetry } });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('We could not load the fruit')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
