import { TextInput, type TextInputProps } from '@mantine/core';
import { renderFieldError } from './FieldError';

export interface TextFieldProps extends Omit<TextInputProps, 'error'> {
  label: string;
  error?: string;
}

export function TextField({ error, ...props }: TextFieldProps) {
  return <TextInput {...props} error={renderFieldError(error)} />;
}

/** An email field with the keyboard and autofill hints phones and password managers expect. */
export function EmailField({ label = 'Email', autoComplete = 'email', ...props }: Partial<TextFieldProps>) {
  return <TextField label={label} type="email" inputMode="email" autoComplete={autoComplete} {...props} />;
}
