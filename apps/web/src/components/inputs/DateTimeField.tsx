import { Box, Group, Input, Loader, Text, TextInput } from '@mantine/core';
import { DatePickerInput, type CalendarAriaLabels } from '@mantine/dates';
import { useId } from '@mantine/hooks';
import { useState, type FocusEvent } from 'react';
import { renderFieldError } from '../form/FieldError';
import type { FieldProps } from './field-props';

export interface DateTimeFieldProps extends FieldProps<HTMLButtonElement> {
  /** An ISO 8601 instant in UTC, '2026-03-05T14:07:00.000Z', chosen as GMT wall-clock time; null when empty or incomplete. */
  value: string | null;
  onChange: (value: string | null) => void;
  minDate?: string;
  maxDate?: string;
  clearable?: boolean;
  /** Shared with the date-only field: the calendar's own settings. */
  calendar: {
    dateFormat: string;
    ariaLabels: CalendarAriaLabels;
    yearsSelectRange: [number, number];
    dropdownType: 'modal' | 'popover';
    getDayAriaLabel: (date: string) => string;
  };
}

type Parts = { date: string | null; hours: string; minutes: string };

const pad = (n: number) => String(n).padStart(2, '0');
const DIGITS = /^\d{1,2}$/;

/** The GMT calendar date and clock of an instant, as the three parts the field shows. */
function partsOf(value: string | null): Parts {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return { date: null, hours: '', minutes: '' };
  return {
    date: `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`,
    hours: pad(date.getUTCHours()),
    minutes: pad(date.getUTCMinutes()),
  };
}

const validHours = (text: string) => DIGITS.test(text) && Number(text) <= 23;
const validMinutes = (text: string) => DIGITS.test(text) && Number(text) <= 59;

/** The instant the parts name, or null while any of them is missing or out of range. */
function instantOf({ date, hours, minutes }: Parts): string | null {
  if (!date || !validHours(hours) || !validMinutes(minutes)) return null;
  return `${date}T${pad(Number(hours))}:${pad(Number(minutes))}:00.000Z`;
}

/** What is wrong with a typed part, in words, before the form's own rules are asked. */
function partProblem({ hours, minutes }: Parts): string | undefined {
  if (hours !== '' && !validHours(hours)) return 'Hours run from 00 to 23.';
  if (minutes !== '' && !validMinutes(minutes)) return 'Minutes run from 00 to 59.';
  return undefined;
}

/**
 * A date and a time of day in GMT: the calendar picks the date and the hours and minutes are typed beside
 * it, on the 24-hour clock. What is typed stays as typed (a 7 is not turned into 07 until the field is
 * left, and focus never jumps on by itself); Backspace takes away one digit of the part it is in, never
 * the date or the other part; the time is reached with Tab like any field.
 */
export function DateTimeField({
  label,
  value,
  onChange,
  minDate,
  maxDate,
  placeholder,
  description,
  error,
  required,
  disabled,
  loading = false,
  clearable = true,
  id,
  name,
  onBlur,
  ref,
  calendar,
}: DateTimeFieldProps) {
  const [parts, setParts] = useState<Parts>(() => partsOf(value));
  // The value the parts stand for: another value coming in (a reset, a saved campaign) replaces them.
  const [shown, setShown] = useState<string | null>(value);
  if (value !== shown) {
    setShown(value);
    setParts(partsOf(value));
  }
  const ownId = useId(id);
  const errorId = `${ownId}-error`;
  const labelId = `${ownId}-label`;
  const dateId = `${ownId}-date`;
  const descriptionId = `${ownId}-description`;
  const blocked = disabled || loading;

  const update = (next: Parts) => {
    setParts(next);
    const instant = instantOf(next);
    setShown(instant);
    if (instant !== value) onChange(instant);
  };

  const typed = (part: 'hours' | 'minutes') => (event: React.ChangeEvent<HTMLInputElement>) => {
    // Digits only, two at most: letters and separators are not kept.
    update({ ...parts, [part]: event.currentTarget.value.replace(/\D/g, '').slice(0, 2) });
  };
  const padOnLeave = (part: 'hours' | 'minutes') => () => {
    const text = parts[part];
    const valid = part === 'hours' ? validHours(text) : validMinutes(text);
    if (valid && text.length === 1) setParts({ ...parts, [part]: pad(Number(text)) });
  };
  // The form hears of a blur only when focus leaves the whole field, not moving between its parts.
  const leaveGroup = (event: FocusEvent<HTMLFieldSetElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    onBlur?.();
  };

  const problem = error ?? partProblem(parts);
  const dateBounds = (bound: string | undefined) => partsOf(bound ?? null).date ?? undefined;

  return (
    <Box
      component="fieldset"
      id={ownId}
      onBlur={leaveGroup}
      aria-describedby={problem ? errorId : description ? descriptionId : undefined}
      style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
    >
      <Input.Label component="legend" id={labelId} required={required} p={0}>
        {label}
      </Input.Label>
      {description && <Input.Description id={descriptionId}>{description}</Input.Description>}
      <Group gap="xs" wrap="nowrap" align="flex-end" mt={4}>
        <DatePickerInput
          ref={ref}
          name={name}
          size="md"
          id={dateId}
          // Named by the field's label and the date it shows ('Starts 05 Mar, 2026'), so that the name
          // holds the visible text.
          aria-labelledby={`${labelId} ${dateId}`}
          placeholder={placeholder ?? 'Choose a date'}
          valueFormat={calendar.dateFormat}
          value={parts.date}
          onChange={(date) => update({ ...parts, date })}
          minDate={dateBounds(minDate)}
          maxDate={dateBounds(maxDate)}
          disabled={blocked}
          error={problem ? true : undefined}
          aria-invalid={problem ? true : undefined}
          clearable={clearable && !blocked}
          clearButtonProps={{ 'aria-label': `Clear the date of ${label}` }}
          dropdownType={calendar.dropdownType}
          modalProps={{ title: label, centered: true, returnFocus: true }}
          // Closing the calendar (Escape, a day picked) leaves focus on the date, so Tab goes on to the time.
          // The popover is a dialog labelled by the id it is given: the date's button.
          popoverProps={{ returnFocus: true, id: `${ownId}-date` }}
          withNativeLevelSelect
          yearsSelectRange={calendar.yearsSelectRange}
          ariaLabels={calendar.ariaLabels}
          getDayAriaLabel={calendar.getDayAriaLabel}
          rightSection={
            loading ? <Loader role="status" size="xs" aria-label={`Loading ${label}`} /> : undefined
          }
          style={{ flex: 1, minWidth: 0 }}
        />
        <TextInput
          size="md"
          aria-label={`${label}: hours`}
          placeholder="HH"
          inputMode="numeric"
          autoComplete="off"
          maxLength={2}
          value={parts.hours}
          onChange={typed('hours')}
          onBlur={padOnLeave('hours')}
          disabled={blocked}
          error={problem ? true : undefined}
          aria-invalid={problem ? true : undefined}
          w={64}
        />
        <Text component="span" aria-hidden="true" pb={8} fw={600}>
          :
        </Text>
        <TextInput
          size="md"
          aria-label={`${label}: minutes`}
          placeholder="MM"
          inputMode="numeric"
          autoComplete="off"
          maxLength={2}
          value={parts.minutes}
          onChange={typed('minutes')}
          onBlur={padOnLeave('minutes')}
          disabled={blocked}
          error={problem ? true : undefined}
          aria-invalid={problem ? true : undefined}
          w={64}
        />
        <Text component="span" size="sm" pb={10}>
          GMT
        </Text>
      </Group>
      {problem && (
        <Input.Error id={errorId} mt={5}>
          {renderFieldError(problem)}
        </Input.Error>
      )}
    </Box>
  );
}
