import { Group, Radio, Stack, type RadioGroupProps } from '@mantine/core';
import type { Ref } from 'react';
import type { FieldValues } from 'react-hook-form';
import { renderFieldError } from '../form/FieldError';
import { useControlledField, type ControlledProps } from './controlled';

export interface RadioOption<Value extends string = string> {
  value: Value;
  label: string;
  description?: string;
  disabled?: boolean;
}

export interface RadioGroupFieldProps<Value extends string = string> extends Omit<
  RadioGroupProps,
  'children' | 'error' | 'value' | 'defaultValue' | 'onChange' | 'label'
> {
  label: string;
  options: readonly RadioOption<Value>[];
  value: Value | null;
  onChange: (value: Value) => void;
  error?: string;
  /** Side by side suits two or three short options; stacked suits the rest. @default 'vertical' */
  orientation?: 'vertical' | 'horizontal';
  onBlur?: () => void;
  /** Goes to the first option, so that a form can move focus to the group. */
  ref?: Ref<HTMLInputElement>;
}

/** A labelled group of radio buttons (SPEC §2 radio); arrow keys move between the options. */
export function RadioGroupField<Value extends string = string>({
  label,
  options,
  value,
  onChange,
  error,
  orientation = 'vertical',
  onBlur,
  ref,
  ...props
}: RadioGroupFieldProps<Value>) {
  const Layout = orientation === 'horizontal' ? Group : Stack;
  return (
    <Radio.Group
      size="md"
      {...props}
      label={label}
      value={value ?? null}
      onChange={onChange}
      error={renderFieldError(error)}
    >
      <Layout gap="sm" mt="xs">
        {options.map((option, index) => (
          <Radio
            key={option.value}
            ref={index === 0 ? ref : undefined}
            value={option.value}
            label={option.label}
            description={option.description}
            disabled={option.disabled}
            aria-invalid={error ? true : undefined}
            onBlur={onBlur}
          />
        ))}
      </Layout>
    </Radio.Group>
  );
}

export type ControlledRadioGroupFieldProps<
  Values extends FieldValues,
  Value extends string = string,
  Output extends FieldValues = Values,
> = Omit<RadioGroupFieldProps<Value>, 'value' | 'onChange' | 'onBlur' | 'error' | 'name' | 'ref'> &
  ControlledProps<Values, Value | null, Output>;

/** RadioGroupField bound to a react-hook-form field that holds one of the options' values (or null). */
export function ControlledRadioGroupField<
  Values extends FieldValues,
  Value extends string = string,
  Output extends FieldValues = Values,
>({ control, name, disabled, ...props }: ControlledRadioGroupFieldProps<Values, Value, Output>) {
  const field = useControlledField<Values, Value | null, Output>({ control, name });
  return (
    <RadioGroupField<Value>
      {...props}
      {...field}
      value={field.value ?? null}
      disabled={disabled || field.disabled}
    />
  );
}
