import { TextInput, type TextInputProps } from '@mantine/core';
import { currencyDecimals, parseMoney } from '@platform/shared';
import { useState, type ReactNode } from 'react';
import { useController, type FieldPath } from 'react-hook-form';
import { renderFieldError } from '../../../components/form/FieldError';
import type { CampaignFormControl, CampaignFormValues } from './campaign-form-values';

interface NumberFieldProps extends Pick<TextInputProps, 'w' | 'maw' | 'placeholder'> {
  control: CampaignFormControl;
  name: FieldPath<CampaignFormValues>;
  label: string;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Names the input without showing the label, where the row around it says what it is. */
  hiddenLabel?: boolean;
}

type Amount = number | null | undefined;

const sameAmount = (a: Amount, b: Amount) =>
  a === b || (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b));

/**
 * A text input bound to a number of the form. The text is the person's own; the form holds what it means:
 * `empty` when nothing is typed, NaN when it is not a number (so that the schema says so), the number
 * otherwise. Never undefined: react-hook-form reads a field set to undefined as its default value.
 *
 * When the form's value changes from elsewhere (a prize row removed), the text follows; the value this
 * field gave the form, arriving a render late, changes nothing.
 */
function useNumberText(
  value: Amount,
  onChange: (value: Amount) => void,
  parse: (text: string) => number | null,
  format: (value: number) => string,
  empty: null | number,
) {
  const shown = (amount: Amount) =>
    typeof amount === 'number' && Number.isFinite(amount) ? format(amount) : '';
  const [state, setState] = useState(() => ({ text: shown(value), given: value, seen: value }));
  if (!sameAmount(value, state.seen)) {
    setState({
      text: sameAmount(value, state.given) ? state.text : shown(value),
      given: value,
      seen: value,
    });
  }
  const meaning = (typed: string): Amount => (typed.trim() === '' ? empty : (parse(typed) ?? Number.NaN));
  return {
    text: state.text,
    change: (typed: string) => {
      const given = meaning(typed);
      setState((current) => ({ ...current, text: typed, given }));
      onChange(given);
    },
  };
}

function NumberTextInput({
  control,
  name,
  label,
  description,
  required,
  disabled,
  hiddenLabel,
  parse,
  format,
  empty,
  inputMode,
  leftSection,
  ...props
}: NumberFieldProps & {
  parse: (text: string) => number | null;
  format: (value: number) => string;
  empty: null | number;
  inputMode: 'decimal' | 'numeric';
  leftSection?: ReactNode;
}) {
  const {
    field: { name: fieldName, value, onChange, onBlur, ref: inputRef, disabled: fieldDisabled },
    fieldState: { error },
  } = useController({ control, name });
  const { text, change } = useNumberText(value as Amount, onChange, parse, format, empty);
  return (
    <TextInput
      size="md"
      {...props}
      ref={inputRef}
      name={fieldName}
      label={hiddenLabel ? undefined : label}
      aria-label={hiddenLabel ? label : undefined}
      description={description}
      withAsterisk={required}
      disabled={disabled || fieldDisabled}
      inputMode={inputMode}
      autoComplete="off"
      leftSection={leftSection}
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      onBlur={onBlur}
      aria-invalid={error ? true : undefined}
      error={renderFieldError(error?.message)}
    />
  );
}

/** The currency's symbol as written before an amount ('£'), or its code. */
export function currencySign(currency: string): string {
  try {
    return (
      new Intl.NumberFormat('en-GB', { style: 'currency', currency })
        .formatToParts(0)
        .find((part) => part.type === 'currency')?.value ?? currency
    );
  } catch {
    return currency;
  }
}

/** An amount typed in major units ('1,250.50'), held by the form in minor units (125050), as DESIGN §5 keeps money. */
export function MoneyField({ currency, ...props }: NumberFieldProps & { currency: string }) {
  const decimals = currencyDecimals(currency);
  return (
    <NumberTextInput
      {...props}
      inputMode="decimal"
      leftSection={<span aria-hidden="true">{currencySign(currency)}</span>}
      parse={(text) => parseMoney(text, currency)}
      format={(minor) => (minor / 10 ** decimals).toFixed(decimals)}
      empty={Number.NaN}
    />
  );
}

const parseCount = (text: string) => {
  const cleaned = text.replace(/[\s,]/g, '');
  return /^-?\d+(?:\.\d+)?$/.test(cleaned) ? Number(cleaned) : null;
};

/** A count (slots, days, seconds). Left empty it is NaN (the schema asks for one), or null where it is optional. */
export function WholeNumberField({ optional = false, ...props }: NumberFieldProps & { optional?: boolean }) {
  return (
    <NumberTextInput
      {...props}
      inputMode="numeric"
      parse={parseCount}
      format={String}
      empty={optional ? null : Number.NaN}
    />
  );
}
