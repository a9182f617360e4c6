import { useId, type ComponentPropsWithoutRef, type ReactNode, type Ref } from 'react';
import classes from './CheckboxField.module.css';
import { renderFieldError } from './FieldError';

export interface CheckboxFieldProps extends Omit<ComponentPropsWithoutRef<'input'>, 'type' | 'size'> {
  label: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its message under it; bind it with `{...form.register('field')}`. */
export function CheckboxField({ label, error, id, ref, ...props }: CheckboxFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div>
      <div className={classes.row}>
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          className={classes.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...props}
        />
        <label htmlFor={inputId} className={classes.label}>
          {label}
        </label>
      </div>
      {error && (
        <div id={errorId} className={classes.error}>
          {renderFieldError(error)}
        </div>
      )}
    </div>
  );
}
