import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fieldErrorOf } from '../../test/render';
import { SearchableMultiSelect, type SearchableMultiSelectProps } from './SearchableMultiSelect';
import type { SearchableItem } from './searchable-items';
import { renderWidget } from '../../test/render-widget';

const AGENCIES: SearchableItem[] = [
  { id: 'a-north', name: 'Northstar Talent' },
  { id: 'a-blue', name: 'Blue Wave Media' },
  { id: 'a-crest', name: 'Crest Creators' },
];

const searchAgencies = (query: string) =>
  Promise.resolve(AGENCIES.filter((agency) => agency.name.toLowerCase().includes(query.toLowerCase())));

type Overrides = Partial<Omit<SearchableMultiSelectProps, 'value' | 'onChange'>> & {
  initialValue?: SearchableItem[];
};

function Harness({
  initialValue = [],
  onChangeSpy,
  ...props
}: Overrides & { onChangeSpy: (items: SearchableItem[]) => void }) {
  const [value, setValue] = useState(initialValue);
  return (
    <SearchableMultiSelect
      label="Agencies"
      search={searchAgencies}
      {...props}
      value={value}
      onChange={(items) => {
        onChangeSpy(items);
        setValue(items);
      }}
    />
  );
}

function renderMultiSelect(overrides: Overrides = {}) {
  const onChange = vi.fn<(items: SearchableItem[]) => void>();
  const view = renderWidget(<Harness onChangeSpy={onChange} {...overrides} />);
  return { ...view, onChange, input: screen.getByRole('combobox', { name: 'Agencies' }) };
}

const lastValue = (onChange: ReturnType<typeof vi.fn<(items: SearchableItem[]) => void>>) =>
  onChange.mock.calls.at(-1)?.[0];

describe('SearchableMultiSelect', () => {
  it('selects every listed entry with "Select all", and unselects them with it again', async () => {
    const { user, input, onChange } = renderMultiSelect({ withSelectAll: true });

    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'Select all' }));

    expect(lastValue(onChange)?.map((item) => item.name)).toEqual([
      'Blue Wave Media',
      'Crest Creators',
      'Northstar Talent',
    ]);
    for (const option of screen.getAllByRole('option'))
      expect(option).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('option', { name: 'Select all' }));
    expect(lastValue(onChange)).toEqual([]);
  });

  it('toggles entries with the keyboard and keeps the dropdown open', async () => {
    const { user, input, onChange } = renderMultiSelect();

    await user.click(input);
    await screen.findByRole('option', { name: 'Blue Wave Media' });
    await user.keyboard('{ArrowDown}{Enter}{ArrowDown}{Enter}');

    expect(lastValue(onChange)?.map((item) => item.name)).toEqual(['Blue Wave Media', 'Crest Creators']);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('removes a chosen entry with its remove button or Backspace', async () => {
    const { user, input, onChange } = renderMultiSelect({ initialValue: [AGENCIES[0]!, AGENCIES[1]!] });

    await user.click(screen.getByRole('button', { name: 'Remove Northstar Talent' }));
    expect(lastValue(onChange)).toEqual([AGENCIES[1]]);

    await user.click(input);
    await user.keyboard('{Backspace}');
    expect(lastValue(onChange)).toEqual([]);
  });

  it('adds, renames and deletes entries through their handlers', async () => {
    const onAdd = vi.fn((name: string) => Promise.resolve({ id: 'a-new', name }));
    const onEdit = vi.fn((item: SearchableItem, newName: string) =>
      Promise.resolve({ ...item, name: newName }),
    );
    const onDelete = vi.fn(() => Promise.resolve());
    const { user, input, onChange } = renderMultiSelect({
      onAdd,
      onEdit,
      onDelete,
      initialValue: [AGENCIES[2]!],
    });

    await user.type(input, 'Orbit');
    await user.click(await screen.findByRole('option', { name: 'Add "Orbit"' }));
    expect(onAdd).toHaveBeenCalledWith('Orbit');
    await waitFor(() =>
      expect(lastValue(onChange)?.map((item) => item.name)).toEqual(['Crest Creators', 'Orbit']),
    );

    await user.clear(input);
    await user.click(await screen.findByLabelText('Edit Crest Creators'));
    const nameInput = screen.getByRole('textbox', { name: 'New name for Crest Creators' });
    await user.clear(nameInput);
    await user.type(nameInput, 'Crest Studio');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(onEdit).toHaveBeenCalledWith(AGENCIES[2], 'Crest Studio');
    await waitFor(() =>
      expect(lastValue(onChange)?.map((item) => item.name)).toEqual(['Crest Studio', 'Orbit']),
    );

    await user.click(input);
    await user.click(await screen.findByLabelText('Delete Blue Wave Media'));
    expect(onDelete).toHaveBeenCalledWith(AGENCIES[1]);
  });

  it('keeps the choice when a delete is called off', async () => {
    const onDelete = vi.fn(() => Promise.resolve(false));
    const { user, input, onChange } = renderMultiSelect({ onDelete, initialValue: [AGENCIES[0]!] });

    await user.click(input);
    await user.click(await screen.findByLabelText('Delete Northstar Talent'));
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows its error with the warning icon', () => {
    const { input } = renderMultiSelect({ error: 'This field is required' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(fieldErrorOf(input)).toHaveTextContent('This field is required');
  });

  it('cannot be changed while disabled', () => {
    const { input } = renderMultiSelect({ disabled: true, initialValue: [AGENCIES[0]!] });
    expect(input).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Remove Northstar Talent' })).not.toBeInTheDocument();
  });
});
