import { Input, Loader, Stack, Switch, type SwitchProps } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { ReactNode, Ref } from 'react';
import { FieldError } from '../form/FieldError';

export interface ToggleProps extends Omit<SwitchProps, 'error' | 'label'> {
  label: ReactNode;
  error?: string;
  /** The change is being saved: shows a spinner in the thumb and blocks another change. */
  loading?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * An on/off switch (SPEC §2 toggle), a native checkbox with role="switch": bind it with
 * `{...form.register('field')}` like any checkbox, or use `checked`/`onChange`.
 */
export function Toggle({ error, loading = false, disabled, id, ...props }: ToggleProps) {
  const inputId = useId(id);
  const errorId = `${inputId}-error`;
  return (
    <Stack gap={4}>
      <Switch
        size="md"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-busy={loading || undefined}
        thumbIcon={loading ? <Loader size={10} aria-hidden="true" /> : undefined}
        {...props}
        id={inputId}
        disabled={disabled || loading}
        // Switch puts its message inside the label, where it would join the switch's name; it goes below.
        error={Boolean(error)}
      />
      {error && (
        <Input.Error id={errorId} size="md">
          <FieldError message={error} />
        </Input.Error>
      )}
    </Stack>
  );
}
