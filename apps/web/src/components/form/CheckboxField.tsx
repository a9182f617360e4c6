import { Checkbox, type CheckboxProps } from '@mantine/core';
import { renderFieldError } from './FieldError';

export interface CheckboxFieldProps extends Omit<CheckboxProps, 'error'> {
  label: CheckboxProps['label'];
  error?: string;
}

export function CheckboxField({ error, ...props }: CheckboxFieldProps) {
  return <Checkbox {...props} error={renderFieldError(error)} />;
}
