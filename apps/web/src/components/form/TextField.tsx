import { TextInput, type TextInputProps } from '@mantine/core';
import { renderFieldError } from './FieldError';

export interface TextFieldProps extends Omit<TextInputProps, 'error'> {
  label: string;
  error?: string;
}

export function TextField({ error, ...props }: TextFieldProps) {
  return <TextInput {...props} error={renderFieldError(error)} />;
}
