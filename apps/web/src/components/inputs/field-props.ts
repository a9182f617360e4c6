import type { ReactNode, Ref } from 'react';

/** What every labelled input of the kit takes, so the fields read and behave alike. */
export interface FieldProps<Element extends HTMLElement = HTMLInputElement> {
  label: string;
  placeholder?: string;
  description?: ReactNode;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** The field's own data is loading: shows progress and blocks input. */
  loading?: boolean;
  id?: string;
  name?: string;
  onBlur?: () => void;
  ref?: Ref<Element>;
}
