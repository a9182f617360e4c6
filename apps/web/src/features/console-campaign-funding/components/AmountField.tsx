import { TextInput } from '@mantine/core';
import { formatMoney, parseMoney } from '@platform/shared';
import { useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { renderFieldError } from '../../../components/form/FieldError';

/** The currency's symbol as written before an amount ('£'), or its code. */
function currencySign(currency: string): string {
  return formatMoney(0, currency).replace(/[\d\s.,]/g, '') || currency;
}

export interface AmountFieldProps {
  // The dialogs' forms all hold the amount under this name, as the shared schemas do.
  control: Control<{ amountMinor: number }>;
  currency: string;
  label: string;
  description: string;
}

/**
 * An amount typed in major units ('1,250.50'), held by the form in minor units as the server takes it.
 * What is not an amount is NaN, so that the shared schema says so under the field.
 */
export function AmountField({ control, currency, label, description }: AmountFieldProps) {
  const {
    field: { name, onChange, onBlur, ref },
    fieldState: { error },
  } = useController({ control, name: 'amountMinor' });
  const [text, setText] = useState('');
  return (
    <TextInput
      size="md"
      ref={ref}
      name={name}
      label={label}
      description={description}
      withAsterisk
      inputMode="decimal"
      autoComplete="off"
      data-autofocus
      leftSection={<span aria-hidden="true">{currencySign(currency)}</span>}
      value={text}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setText(typed);
        onChange(typed.trim() === '' ? Number.NaN : (parseMoney(typed, currency) ?? Number.NaN));
      }}
      onBlur={onBlur}
      aria-invalid={error ? true : undefined}
      error={renderFieldError(error?.message)}
    />
  );
}
