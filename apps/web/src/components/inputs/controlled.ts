import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
  type RefCallBack,
} from 'react-hook-form';

/** How a Controlled* widget is bound to a react-hook-form field: the form's control and the field's name. */
export interface ControlledProps<Values extends FieldValues, Value, Output extends FieldValues = Values> {
  control: Control<Values, unknown, Output>;
  name: FieldPathByValue<Values, Value>;
}

export interface ControlledField<Value> {
  name: string;
  /** Undefined while the form has no default value for the field. */
  value: Value | undefined;
  onChange: (value: Value) => void;
  onBlur: () => void;
  ref: RefCallBack;
  disabled: boolean | undefined;
  error: string | undefined;
}

/** The props a value/onChange widget needs from react-hook-form, with the field's message as `error`. */
export function useControlledField<Values extends FieldValues, Value, Output extends FieldValues = Values>({
  control,
  name,
}: ControlledProps<Values, Value, Output>): ControlledField<Value> {
  const { field, fieldState } = useController({ control, name });
  return {
    name: field.name,
    value: field.value,
    onChange: field.onChange,
    onBlur: field.onBlur,
    ref: field.ref,
    disabled: field.disabled,
    error: fieldState.error?.message,
  };
}
