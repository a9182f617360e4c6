import { Button, type ButtonProps } from '@mantine/core';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  /** True while the form's request runs: shows a spinner and blocks a second submit. */
  loading: boolean;
  children: string;
}

export function SubmitButton({ loading, children, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" fullWidth loading={loading} {...props}>
      {children}
    </Button>
  );
}
