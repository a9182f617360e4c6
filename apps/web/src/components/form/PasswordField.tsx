import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { renderFieldError } from './FieldError';

export interface PasswordFieldProps extends Omit<PasswordInputProps, 'error'> {
  label: string;
  error?: string;
}

/** A password input whose reveal toggle is reachable with the keyboard. */
export function PasswordField({ error, ...props }: PasswordFieldProps) {
  return (
    <PasswordInput
      visibilityToggleFocusable
      // PasswordInput styles its wrapper as invalid but does not tell assistive technology.
      aria-invalid={error ? true : undefined}
      {...props}
      error={renderFieldError(error)}
    />
  );
}
