import '@mantine/dates/styles.css';
import { Loader } from '@mantine/core';
import { DatePickerInput, type CalendarAriaLabels } from '@mantine/dates';
import { useId, useMediaQuery } from '@mantine/hooks';
import {
  DATE_DISPLAY_FORMATS,
  DATE_PICKER_PORTAL_BREAKPOINT_PX,
  YEAR_DROPDOWN_YEARS,
} from '@platform/shared';
import dayjs from 'dayjs';
import type { FieldValues } from 'react-hook-form';
import { renderFieldError } from '../form/FieldError';
import { useControlledField, type ControlledProps } from './controlled';
import { DateTimeField } from './DateTimeField';
import type { FieldProps } from './field-props';

export interface DateFieldProps extends FieldProps<HTMLButtonElement> {
  /**
   * Without time: a calendar date, 'YYYY-MM-DD'. With time: an ISO 8601 instant in UTC,
   * '2026-03-05T14:07:00.000Z', picked as GMT wall-clock time because the product shows every time in
   * GMT (SPEC §9). Null when empty.
   */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Adds hours and minutes (a date and time picker). */
  withTime?: boolean;
  /** Earliest and latest choosable, in the same format as `value`. They also place the year list. */
  minDate?: string;
  maxDate?: string;
  /** Shows a clear button while a date is chosen. @default true */
  clearable?: boolean;
}

const DATE_FORMAT = DATE_DISPLAY_FORMATS.date;

const ARIA_LABELS: CalendarAriaLabels = {
  monthLevelControl: 'Month and year',
  yearLevelControl: 'Year',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as the UTC wall-clock 'YYYY-MM-DD HH:mm:ss' the picker edits. */
export function toPickerDateTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** The picker's 'YYYY-MM-DD HH:mm:ss', read as UTC, as an ISO instant. */
export function fromPickerDateTime(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(`${value.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The years the year list offers (SPEC §9: 100 of them): up to the latest choosable year, from the
 * earliest, or around this year when the field has no bounds.
 */
export function yearListRange(
  minDate?: string,
  maxDate?: string,
  today: Date = new Date(),
): [number, number] {
  const span = YEAR_DROPDOWN_YEARS - 1;
  const yearOf = (value: string) => Number(value.slice(0, 4));
  if (maxDate) return [yearOf(maxDate) - span, yearOf(maxDate)];
  if (minDate) return [yearOf(minDate), yearOf(minDate) + span];
  const first = today.getUTCFullYear() - Math.floor(YEAR_DROPDOWN_YEARS / 2);
  return [first, first + span];
}

/**
 * A date picker with optional time (SPEC §2); with time, the hours and minutes are typed beside the date
 * (DateTimeField). Its header has native month and year lists; under the
 * 768 px breakpoint the calendar opens in a modal instead of a popover (SPEC §9).
 */
export function DateField({
  label,
  value,
  onChange,
  withTime = false,
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
}: DateFieldProps) {
  const narrow = useMediaQuery(`(max-width: ${DATE_PICKER_PORTAL_BREAKPOINT_PX - 1}px)`);
  // The button is named by its label and what it shows (WCAG 2.5.3: the date or placeholder is visible
  // text). The calendar's popover is a dialog labelled by the element with the popover's id: the label.
  const fieldId = useId(id);
  const calendar = {
    dateFormat: DATE_FORMAT,
    ariaLabels: ARIA_LABELS,
    yearsSelectRange: yearListRange(minDate, maxDate),
    dropdownType: narrow ? ('modal' as const) : ('popover' as const),
    getDayAriaLabel: (date: string) => dayjs(date).format('D MMMM YYYY'),
  };
  const shared = {
    ref,
    id: fieldId,
    'aria-labelledby': `${fieldId}-label ${fieldId}`,
    popoverProps: { id: `${fieldId}-label` },
    name,
    size: 'md' as const,
    label,
    description,
    placeholder,
    error: renderFieldError(error),
    withAsterisk: required,
    'aria-invalid': error ? true : undefined,
    disabled: disabled || loading,
    clearable: clearable && !loading,
    clearButtonProps: { 'aria-label': `Clear ${label}` },
    onBlur,
    rightSection: loading ? <Loader role="status" size="xs" aria-label={`Loading ${label}`} /> : undefined,
    dropdownType: calendar.dropdownType,
    modalProps: { title: label, centered: true },
    withNativeLevelSelect: true,
    yearsSelectRange: calendar.yearsSelectRange,
    ariaLabels: ARIA_LABELS,
    getDayAriaLabel: calendar.getDayAriaLabel,
  };

  if (withTime) {
    return (
      <DateTimeField
        label={label}
        value={value}
        onChange={onChange}
        {...(minDate ? { minDate } : {})}
        {...(maxDate ? { maxDate } : {})}
        placeholder={placeholder}
        description={description}
        error={error}
        required={required}
        disabled={disabled}
        loading={loading}
        clearable={clearable}
        id={id}
        name={name}
        onBlur={onBlur}
        ref={ref}
        calendar={calendar}
      />
    );
  }
  return (
    <DatePickerInput
      {...shared}
      valueFormat={DATE_FORMAT}
      // A form's empty default is often '' rather than null.
      value={value || null}
      onChange={onChange}
      minDate={minDate || undefined}
      maxDate={maxDate || undefined}
    />
  );
}

export type ControlledDateFieldProps<Values extends FieldValues, Output extends FieldValues = Values> = Omit<
  DateFieldProps,
  'value' | 'onChange' | 'onBlur' | 'error' | 'name' | 'ref'
> &
  ControlledProps<Values, string | null, Output>;

/** DateField bound to a react-hook-form field that holds the date string (see DateFieldProps.value) or null. */
export function ControlledDateField<Values extends FieldValues, Output extends FieldValues = Values>({
  control,
  name,
  disabled,
  ...props
}: ControlledDateFieldProps<Values, Output>) {
  const field = useControlledField<Values, string | null, Output>({ control, name });
  return (
    <DateField {...props} {...field} value={field.value ?? null} disabled={disabled || field.disabled} />
  );
}
