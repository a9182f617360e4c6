import { YEAR_DROPDOWN_YEARS } from '@platform/shared';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fieldErrorOf } from '../../test/render';
import {
  DateField,
  fromPickerDateTime,
  toPickerDateTime,
  yearListRange,
  type DateFieldProps,
} from './DateField';
import { renderWidget } from '../../test/render-widget';

type Overrides = Partial<Omit<DateFieldProps, 'value' | 'onChange'>> & { initialValue?: string | null };

function Harness({
  initialValue = null,
  onChangeSpy,
  ...props
}: Overrides & { onChangeSpy: (value: string | null) => void }) {
  const [value, setValue] = useState(initialValue);
  return (
    <DateField
      label="Start date"
      {...props}
      value={value}
      onChange={(next) => {
        onChangeSpy(next);
        setValue(next);
      }}
    />
  );
}

function renderDateField(overrides: Overrides = {}) {
  const onChange = vi.fn<(value: string | null) => void>();
  const view = renderWidget(<Harness onChangeSpy={onChange} {...overrides} />);
  return { ...view, onChange, field: screen.getByRole('button', { name: 'Start date' }) };
}

const yearList = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('combobox', { name: 'Month and year' })
    .find((select) => select.getAttribute('data-select') === 'year')!;

function stubViewportWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const maxWidth = /max-width:\s*(\d+)px/.exec(query)?.[1];
    return {
      matches: maxWidth !== undefined && width <= Number(maxWidth),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  });
}

describe('DateField', () => {
  it('offers 100 years in its year list', async () => {
    const { user, field } = renderDateField({ initialValue: '2026-03-05' });
    await user.click(field);
    const years = within(yearList(screen.getByRole('dialog'))).getAllByRole('option');
    expect(years).toHaveLength(YEAR_DROPDOWN_YEARS);
  });

  it('ends the year list at the latest choosable date', async () => {
    const { user, field } = renderDateField({ maxDate: '2008-06-30', initialValue: '2000-01-01' });
    await user.click(field);
    const years = within(yearList(screen.getByRole('dialog')))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(years).toHaveLength(YEAR_DROPDOWN_YEARS);
    expect(years.at(0)).toBe('1909');
    expect(years.at(-1)).toBe('2008');
  });

  it('jumps to a year from the list and picks a day as YYYY-MM-DD', async () => {
    const { user, field, onChange } = renderDateField({ initialValue: '2026-03-05' });
    await user.click(field);
    await user.selectOptions(yearList(screen.getByRole('dialog')), '1999');
    await user.click(screen.getByRole('button', { name: '10 March 1999' }));

    expect(onChange).toHaveBeenLastCalledWith('1999-03-10');
    expect(field).toHaveTextContent('10 Mar, 1999');
  });

  it('picks a date and types the time beside it, as a UTC instant in GMT', async () => {
    const onChange = vi.fn<(value: string | null) => void>();
    const { user } = renderWidget(
      <Harness onChangeSpy={onChange} withTime initialValue="2026-03-05T14:07:00.000Z" />,
    );
    const date = screen.getByRole('button', { name: /^Start date / });
    expect(date).toHaveTextContent('05 Mar, 2026');
    expect(screen.getByRole('textbox', { name: 'Start date: hours' })).toHaveValue('14');
    expect(screen.getByRole('textbox', { name: 'Start date: minutes' })).toHaveValue('07');

    await user.click(date);
    await user.click(screen.getByRole('button', { name: '10 March 2026' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-03-10T14:07:00.000Z');
  });

  it('opens in a modal below the 768 px breakpoint and in a popover above it', async () => {
    stubViewportWidth(390);
    const narrow = renderDateField();
    await narrow.user.click(narrow.field);
    expect(screen.getByRole('dialog', { name: 'Start date' })).toHaveAttribute('aria-modal', 'true');
    narrow.unmount();

    stubViewportWidth(1280);
    const wide = renderDateField();
    await wide.user.click(wide.field);
    expect(screen.getByRole('dialog')).not.toHaveAttribute('aria-modal');
  });

  it('is named by its label and then the date it shows, which is visible text (WCAG 2.5.3)', () => {
    renderDateField({ initialValue: '2026-03-05' });
    const field = screen.getByRole('button', { name: /^Start date/ });
    const label = screen.getByText('Start date');
    // Browsers read an element that names itself by its own text: 'Start date 05 Mar, 2026'.
    expect(field).toHaveAttribute('aria-labelledby', `${label.id} ${field.id}`);
    expect(field).toHaveTextContent('05 Mar, 2026');
  });

  it('names its calendar popover after the field, for screen readers', async () => {
    stubViewportWidth(1280);
    const { user, field } = renderDateField();
    await user.click(field);
    expect(screen.getByRole('dialog', { name: 'Start date' })).toBeInTheDocument();
  });

  it("reads a form's empty string as no date", () => {
    const { field } = renderDateField({ initialValue: '' });
    expect(field).toHaveTextContent('');
    expect(screen.queryByRole('button', { name: 'Clear Start date' })).not.toBeInTheDocument();
  });

  it('clears the date with its clear button', async () => {
    const { user, onChange } = renderDateField({ initialValue: '2026-03-05' });
    await user.click(screen.getByRole('button', { name: 'Clear Start date' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows its error with the warning icon, and is blocked while disabled', () => {
    const { field } = renderDateField({ error: 'This field is required', disabled: true });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(fieldErrorOf(field)).toHaveTextContent('This field is required');
    expect(field).toBeDisabled();
  });
});

describe('date values', () => {
  it('reads an instant as UTC wall-clock time and back', () => {
    expect(toPickerDateTime('2026-03-05T14:07:00.000Z')).toBe('2026-03-05 14:07:00');
    expect(toPickerDateTime('2026-03-05T23:30:00+10:00')).toBe('2026-03-05 13:30:00');
    expect(fromPickerDateTime('2026-03-05 14:07:00')).toBe('2026-03-05T14:07:00.000Z');
    expect(toPickerDateTime('not a date')).toBeNull();
    expect(fromPickerDateTime(null)).toBeNull();
  });

  it('spans 100 years around today without bounds, forward from the earliest date', () => {
    expect(yearListRange(undefined, undefined, new Date('2026-05-01T00:00:00Z'))).toEqual([1976, 2075]);
    expect(yearListRange('2026-01-01')).toEqual([2026, 2125]);
  });
});
