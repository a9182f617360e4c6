import { Checkbox, type CheckboxProps } from '@mantine/core';
import { renderFieldError } from './FieldError';

export interface CheckboxFieldProps extends Omit<CheckboxProps, 'error'> {
  label: CheckboxProps['label'];
  error?: string;
}

/** A checkbox with its message under it; bind it with `{...form.register('field')}`. */
export function CheckboxField({ error, ...props }: CheckboxFieldProps) {
  return (
    <Checkbox
      // Checkbox styles itself as invalid but does not tell assistive technology.
      aria-invalid={error ? true : undefined}
      {...props}
      error={renderFieldError(error)}
    />
  );
}
