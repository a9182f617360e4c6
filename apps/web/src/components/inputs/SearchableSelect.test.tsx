import { SEARCH_DEBOUNCE_MS } from '@platform/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldErrorOf } from '../../test/render';
import { SearchableSelect, type SearchableSelectProps } from './SearchableSelect';
import { fromPartyItems, type SearchableItem } from './searchable-items';
import { renderWidget } from '../../test/render-widget';

const GENRES: SearchableItem[] = [
  { id: 'g-rock', name: 'Rock' },
  { id: 'g-jazz', name: 'Jazz' },
  { id: 'g-pop', name: 'Pop' },
  { id: 'g-rap', name: 'Rap' },
];

function searchGenres(query: string) {
  return Promise.resolve(GENRES.filter((genre) => genre.name.toLowerCase().includes(query.toLowerCase())));
}

type Overrides = Partial<Omit<SearchableSelectProps, 'value' | 'onChange'>> & {
  initialValue?: SearchableItem | null;
};

function Harness({
  initialValue = null,
  onChangeSpy,
  ...props
}: Overrides & { onChangeSpy: (item: SearchableItem | null) => void }) {
  const [value, setValue] = useState<SearchableItem | null>(initialValue);
  return (
    <SearchableSelect
      label="Genre"
      search={searchGenres}
      {...props}
      value={value}
      onChange={(item) => {
        onChangeSpy(item);
        setValue(item);
      }}
    />
  );
}

function renderSelect(overrides: Overrides = {}) {
  const onChange = vi.fn<(item: SearchableItem | null) => void>();
  const view = renderWidget(<Harness onChangeSpy={onChange} {...overrides} />);
  return { ...view, onChange, input: screen.getByRole('combobox', { name: 'Genre' }) };
}

const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

// Keystrokes go through fireEvent here: user-event waits on real timers between keys, which fake timers stop.
const typeFast = (input: HTMLElement, ...values: string[]) => {
  for (const value of values) fireEvent.change(input, { target: { value } });
};

describe('SearchableSelect search', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches once, 500 ms after typing stops, showing the progress bar while it waits', async () => {
    let answer!: (items: SearchableItem[]) => void;
    const search = vi.fn((query: string, _signal: AbortSignal) =>
      query === '' ? searchGenres('') : new Promise<SearchableItem[]>((resolve) => (answer = resolve)),
    );
    const { input } = renderSelect({ search });

    typeFast(input, 'r', 'ro');
    expect(screen.getByRole('progressbar', { name: 'Searching' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    expect(search.mock.calls.map(([query]) => query)).not.toContain('ro');

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(search.mock.calls.map(([query]) => query)).toEqual(['ro']);
    expect(screen.getByRole('progressbar', { name: 'Searching' })).toBeInTheDocument();

    await act(async () => answer([GENRES[0]!]));
    expect(screen.queryByRole('progressbar', { name: 'Searching' })).not.toBeInTheDocument();
    expect(optionNames()).toEqual(['Rock']);
  });

  it('aborts a search whose query has changed and never shows its answer', async () => {
    const signals: Record<string, AbortSignal> = {};
    const answers: Record<string, (items: SearchableItem[]) => void> = {};
    const search = vi.fn(
      (query: string, signal: AbortSignal) =>
        new Promise<SearchableItem[]>((resolve) => {
          signals[query] = signal;
          answers[query] = resolve;
        }),
    );
    const { input } = renderSelect({ search });

    typeFast(input, 'r');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    typeFast(input, 'ra');
    expect(signals.r?.aborted).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));

    await act(async () => answers.r?.([GENRES[0]!]));
    expect(optionNames()).toEqual([]);
    await act(async () => answers.ra?.([GENRES[3]!]));
    expect(optionNames()).toEqual(['Rap']);
  });
});

describe('SearchableSelect', () => {
  it('lists the answer sorted by name and selects with the keyboard', async () => {
    const { user, input, onChange } = renderSelect();

    await user.click(input);
    await waitFor(() => expect(optionNames()).toEqual(['Jazz', 'Pop', 'Rap', 'Rock']));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    expect(onChange).toHaveBeenLastCalledWith(GENRES[2]);
    expect(input).toHaveValue('Pop');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('says "No results" when nothing matches', async () => {
    const { user, input } = renderSelect({ search: () => Promise.resolve([]) });
    await user.click(input);
    expect(await screen.findByText('No results')).toBeInTheDocument();
  });

  it('clears the choice with its clear button', async () => {
    const { user, input, onChange } = renderSelect({ initialValue: GENRES[0]! });
    expect(input).toHaveValue('Rock');
    await user.click(screen.getByRole('button', { name: 'Clear Genre' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input).toHaveValue('');
  });

  it('adds the typed name and selects what the handler returns', async () => {
    const added: SearchableItem = { id: 'g-soul', name: 'Soul' };
    const onAdd = vi.fn(() => Promise.resolve(added));
    const { user, input, onChange } = renderSelect({ onAdd });

    await user.type(input, 'Soul');
    await user.click(await screen.findByRole('option', { name: 'Add "Soul"' }));

    expect(onAdd).toHaveBeenCalledWith('Soul');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(added));
    expect(input).toHaveValue('Soul');
  });

  it('does not offer to add a name that is already listed', async () => {
    const { user, input } = renderSelect({ onAdd: vi.fn() });
    await user.type(input, 'rock');
    await waitFor(() => expect(optionNames()).toEqual(['Rock']));
    expect(screen.queryByRole('option', { name: /^Add/ })).not.toBeInTheDocument();
  });

  it('renames an entry with the new name and keeps a selected entry in step', async () => {
    const onEdit = vi.fn((item: SearchableItem, newName: string) =>
      Promise.resolve({ ...item, name: newName }),
    );
    const { user, input, onChange } = renderSelect({ onEdit, initialValue: GENRES[1]! });

    await user.click(input);
    await user.click(await screen.findByLabelText('Edit Jazz'));
    const nameInput = screen.getByRole('textbox', { name: 'New name for Jazz' });
    expect(nameInput).toHaveFocus();
    await user.clear(nameInput);
    await user.type(nameInput, 'Smooth jazz{Enter}');

    expect(onEdit).toHaveBeenCalledWith(GENRES[1], 'Smooth jazz');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ id: 'g-jazz', name: 'Smooth jazz' }));
  });

  it('deletes an entry and drops it from the choice', async () => {
    const onDelete = vi.fn(() => Promise.resolve());
    const { user, input, onChange } = renderSelect({ onDelete, initialValue: GENRES[0]! });

    await user.click(input);
    await user.click(await screen.findByLabelText('Delete Rock'));

    expect(onDelete).toHaveBeenCalledWith(GENRES[0]);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(null));
  });

  it('shows why an entry could not be deleted', async () => {
    const onDelete = vi.fn(() => Promise.reject(new Error('This genre is in use.')));
    const { user, input } = renderSelect({ onDelete });

    await user.click(input);
    await user.click(await screen.findByLabelText('Delete Pop'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This genre is in use.');
  });

  it('offers the highlighted entry’s actions after the list, where Tab reaches them', async () => {
    const onDelete = vi.fn(() => Promise.resolve());
    const { user, input } = renderSelect({ onEdit: vi.fn(), onDelete });

    await user.click(input);
    await screen.findByRole('option', { name: 'Jazz' });
    expect(screen.queryByRole('group', { name: /^Manage/ })).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    const manage = await screen.findByRole('group', { name: 'Manage Jazz' });
    await user.tab();
    expect(within(manage).getByRole('button', { name: 'Rename Jazz' })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onDelete).toHaveBeenCalledWith(GENRES[1]);
  });

  it('keeps the mouse’s buttons beside each entry out of the listbox’s content and the Tab order', async () => {
    const { user, input } = renderSelect({ onEdit: vi.fn(), onDelete: vi.fn() });
    await user.click(input);
    const edit = await screen.findByLabelText('Edit Jazz');
    expect(edit).toHaveAttribute('aria-hidden', 'true');
    expect(edit).toHaveAttribute('tabindex', '-1');
    expect(screen.queryByRole('button', { name: 'Edit Jazz' })).not.toBeInTheDocument();
  });

  it('shows its error with the warning icon, and cannot be used while disabled', async () => {
    const { input, user } = renderSelect({ error: 'This field is required', disabled: true });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(fieldErrorOf(input)).toHaveTextContent('This field is required');
    expect(fieldErrorOf(input)?.querySelector('.tabler-icon-alert-triangle')).not.toBeNull();
    expect(input).toBeDisabled();
    await user.click(input);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('shows a progress bar while its own data loads', () => {
    renderSelect({ loading: true });
    expect(screen.getByRole('progressbar', { name: 'Loading Genre' })).toBeInTheDocument();
  });

  it('shows a label and info beside entries', async () => {
    const { user, input } = renderSelect({
      search: () => Promise.resolve([{ id: 'a', name: 'Acme', label: 'Agency', infoContent: 'London' }]),
    });
    await user.click(input);
    const option = await screen.findByRole('option');
    expect(within(option).getByText('Agency')).toBeInTheDocument();
    expect(within(option).getByText('London')).toBeInTheDocument();
  });
});

describe('fromPartyItems', () => {
  it('maps party ids to item ids', () => {
    expect(fromPartyItems([{ partyId: 'p1', name: 'Acme' }])).toEqual([{ id: 'p1', name: 'Acme' }]);
  });
});
