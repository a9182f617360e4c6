import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fieldErrorOf } from '../../test/render';
import { renderWidget } from '../../test/render-widget';
import { DateField } from './DateField';

function Harness({
  initialValue,
  onChangeSpy,
  error,
}: {
  initialValue: string | null;
  onChangeSpy: (value: string | null) => void;
  error?: string;
}) {
  const [value, setValue] = useState(initialValue);
  return (
    <>
      <DateField
        label="Starts"
        withTime
        value={value}
        error={error}
        onChange={(next) => {
          onChangeSpy(next);
          setValue(next);
        }}
      />
      <button type="button" onClick={() => setValue('2027-01-02T08:15:00.000Z')}>
        Load a saved campaign
      </button>
    </>
  );
}

function renderField(initialValue: string | null = null, error?: string) {
  const onChange = vi.fn<(value: string | null) => void>();
  const view = renderWidget(<Harness initialValue={initialValue} onChangeSpy={onChange} error={error} />);
  return {
    ...view,
    onChange,
    date: screen.getByRole('button', { name: /^Starts / }),
    hours: screen.getByRole('textbox', { name: 'Starts: hours' }),
    minutes: screen.getByRole('textbox', { name: 'Starts: minutes' }),
  };
}

describe('DateField with time', () => {
  it('keeps typed hours and minutes as typed, without jumping on, and pads them once left', async () => {
    const { user, hours, minutes, onChange } = renderField('2026-03-05T14:07:00.000Z');

    await user.clear(hours);
    await user.type(hours, '9');
    expect(hours).toHaveValue('9');
    expect(hours).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('2026-03-05T09:07:00.000Z');

    await user.type(hours, '1');
    // 91 is no hour: it stays as typed, and says why.
    expect(hours).toHaveValue('91');
    expect(hours).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(fieldErrorOf(screen.getByRole('group', { name: 'Starts' }))).toHaveTextContent(
      'Hours run from 00 to 23.',
    );

    await user.type(hours, '{Backspace}');
    expect(hours).toHaveValue('9');
    await user.tab();
    expect(minutes).toHaveFocus();
    expect(hours).toHaveValue('09');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-05T09:07:00.000Z');

    await user.clear(minutes);
    await user.type(minutes, '45');
    expect(minutes).toHaveValue('45');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-05T09:45:00.000Z');
  });

  it('clears one digit of one part with Backspace, never the date or the other part', async () => {
    const { user, date, hours, minutes, onChange } = renderField('2026-03-05T14:30:00.000Z');

    await user.click(minutes);
    await user.keyboard('{End}{Backspace}');
    expect(minutes).toHaveValue('3');
    expect(hours).toHaveValue('14');
    expect(date).toHaveTextContent('05 Mar, 2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-05T14:03:00.000Z');

    await user.keyboard('{Backspace}');
    expect(minutes).toHaveValue('');
    expect(hours).toHaveValue('14');
    expect(date).toHaveTextContent('05 Mar, 2026');
    // Incomplete: the form holds no time until the minutes are typed again.
    expect(onChange).toHaveBeenLastCalledWith(null);

    await user.type(minutes, '5');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-05T14:05:00.000Z');
  });

  it('takes digits only, two at most', async () => {
    const { user, hours } = renderField('2026-03-05T14:30:00.000Z');
    await user.clear(hours);
    await user.type(hours, 'a1:2x3');
    expect(hours).toHaveValue('12');
  });

  it('is reached from the keyboard: the calendar opens with Enter, the time follows with Tab', async () => {
    const { user, date, hours, minutes, onChange } = renderField('2026-03-05T14:30:00.000Z');

    await user.tab();
    expect(date).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: '10 March 2026' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(date).toHaveFocus());

    await user.tab();
    expect(screen.getByRole('button', { name: 'Clear the date of Starts' })).toHaveFocus();
    await user.tab();
    expect(hours).toHaveFocus();
    await user.keyboard('{Backspace}{Backspace}18');
    await user.tab();
    expect(minutes).toHaveFocus();
    await user.keyboard('{Backspace}{Backspace}20');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-05T18:20:00.000Z');
  });

  it('shows a value that comes in from outside (a saved campaign) in place of what was typed', async () => {
    const { user, date, hours, minutes } = renderField('2026-03-05T14:30:00.000Z');
    await user.clear(minutes);
    await user.type(minutes, '4');
    await user.click(screen.getByRole('button', { name: 'Load a saved campaign' }));
    expect(date).toHaveTextContent('02 Jan, 2027');
    expect(hours).toHaveValue('08');
    expect(minutes).toHaveValue('15');
  });

  it('shows the form’s error under the whole field, with the warning icon', () => {
    renderField(null, 'This field is required');
    const group = screen.getByRole('group', { name: 'Starts' });
    const message = fieldErrorOf(group);
    expect(message).toHaveTextContent('This field is required');
    expect(message?.querySelector('.tabler-icon-alert-triangle')).not.toBeNull();
    expect(screen.getByRole('textbox', { name: 'Starts: hours' })).toHaveAttribute('aria-invalid', 'true');
  });
  it('names its calendar popover after the date’s button, for screen readers', async () => {
    const { user, date } = renderField();
    await user.click(date);
    const dialog = await screen.findByRole('dialog');
    // Labelled by the date's button, whose name is the field's label and the date it shows.
    expect(dialog).toHaveAttribute('aria-labelledby', date.id);
    expect(date).toHaveAccessibleName('Starts Choose a date');
  });
});
