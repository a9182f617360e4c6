import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormRegister,
  type UseFormReturn,
} from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { isApiError } from '../../lib/api-client';
import { catalogueMessage, errorMessage, type ErrorMessageOptions } from '../../lib/api-errors';

export type ZodFormOptions<Input extends FieldValues, Output extends FieldValues> = Omit<
  UseFormProps<Input, unknown, Output>,
  'resolver'
>;

/**
 * A react-hook-form form validated by a shared zod schema, so the web app shows exactly the rules and
 * messages the server enforces. Give every field a default value: server errors are placed by name.
 *
 * A field is checked when the person leaves it after typing in it, then again as they correct it, and
 * every field is checked on submit. Tabbing past an empty field says nothing (see `quietUntilEdited`).
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: $ZodType<Output, Input>,
  options: ZodFormOptions<Input, Output> = {},
): UseFormReturn<Input, unknown, Output> {
  const form = useForm<Input, unknown, Output>({
    mode: 'onTouched',
    ...options,
    // Focus goes to the first field in error as the page shows them (focusFirstInvalid), not as registered.
    shouldFocusError: false,
    resolver: zodResolver(schema),
  });
  quietUntilEdited(form);
  focusFirstInvalidOnSubmit(form);
  return form;
}

const focusingForms = new WeakSet<object>();

/** Every submit that fails the schema ends with focus on the first field in error (focus-first-invalid.ts). */
function focusFirstInvalidOnSubmit<Input extends FieldValues, Output extends FieldValues>(
  form: UseFormReturn<Input, unknown, Output>,
): void {
  if (focusingForms.has(form.control)) return;
  focusingForms.add(form.control);
  const handleSubmit = form.handleSubmit;
  form.handleSubmit = (onValid, onInvalid) => (event) => {
    // Read now: React lets go of the event's target once its handlers have run.
    const target: unknown = event?.currentTarget ?? event?.target;
    const container = target instanceof Element ? (target.closest('form') ?? target) : null;
    return handleSubmit(onValid, async (errors, submitEvent) => {
      await onInvalid?.(errors, submitEvent);
      // Loaded on the first refused submit, so that a first page does not download it; not awaited, so
      // that the errors are shown at once.
      void import('./focus-first-invalid').then(({ focusFirstInvalid }) =>
        focusFirstInvalid(container, errors, (name) => form.setFocus(name as Path<Input>)),
      );
    })(event);
  };
}

const quietForms = new WeakSet<object>();

const isEmptyValue = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  value === false ||
  (Array.isArray(value) && value.length === 0);

/**
 * On its own, 'onTouched' checks a field the first time it loses focus, so a person merely tabbing past
 * an empty field would see it turn red before typing anything. The blur of a field that is still empty and
 * was never typed in therefore does not reach react-hook-form: the field stays untouched, and says nothing
 * until it is edited and left, or the form is submitted. `register()`, `Controller` and the kit's
 * Controlled… widgets all bind through the control's `register`, so wrapping it once covers every field.
 */
function quietUntilEdited<Input extends FieldValues, Output extends FieldValues>(
  form: UseFormReturn<Input, unknown, Output>,
): void {
  const { control } = form;
  if (quietForms.has(control)) return;
  quietForms.add(control);

  const register = control.register;
  const editedFields = new Set<string>();
  const registerQuietly: UseFormRegister<Input> = (name, options) => {
    const field = register(name, options);
    return {
      ...field,
      onChange: (event) => {
        editedFields.add(name);
        return field.onChange(event);
      },
      onBlur: async (event) => {
        if (editedFields.has(name) || !isEmptyValue(form.getValues(name))) return field.onBlur(event);
      },
    };
  };
  control.register = registerQuietly;
  form.register = registerQuietly;
}

export type ServerErrorTarget<Input extends FieldValues> = Pick<
  UseFormReturn<Input, unknown, FieldValues>,
  'setError' | 'getValues'
>;

export interface PlaceServerErrorsOptions {
  /** Server field names that differ from the form's, mapped to the form's. */
  fieldAliases?: Record<string, string>;
  /** The fields the form shows, when it holds values it does not show. Defaults to every value. */
  shownFields?: readonly string[];
}

export interface PlacedServerErrors {
  placed: number;
  /** Messages for fields the form does not show. */
  unplaced: string[];
}

/** Puts every `details[]` entry of a server error under its field; a catalogue code's message wins. */
export function placeServerErrors<Input extends FieldValues>(
  form: ServerErrorTarget<Input>,
  error: unknown,
  { fieldAliases = {}, shownFields }: PlaceServerErrorsOptions = {},
): PlacedServerErrors {
  const result: PlacedServerErrors = { placed: 0, unplaced: [] };
  if (!isApiError(error)) return result;

  const formFields = new Set<string>(shownFields ?? Object.keys(form.getValues()));
  const codeMessage = catalogueMessage(error);
  for (const detail of error.details) {
    const field = fieldAliases[detail.field] ?? detail.field;
    const message = codeMessage ?? detail.message;
    if (formFields.has(field)) {
      form.setError(field as Path<Input>, { type: 'server', message }, { shouldFocus: result.placed === 0 });
      result.placed += 1;
    } else if (!result.unplaced.includes(message)) {
      result.unplaced.push(message);
    }
  }
  return result;
}

export interface ReportServerErrorOptions extends PlaceServerErrorsOptions, ErrorMessageOptions {
  /** Shows a form-level message (the message modal). */
  showMessage: (message: string) => void;
}

/**
 * Field errors go under their fields; whatever no field can show goes to the form-level message, and an
 * error without field details is described by the flow's message.
 */
export function reportServerError<Input extends FieldValues>(
  form: ServerErrorTarget<Input>,
  error: unknown,
  { showMessage, fieldAliases, shownFields, ...messageOptions }: ReportServerErrorOptions,
): void {
  const { placed, unplaced } = placeServerErrors(form, error, { fieldAliases, shownFields });
  if (unplaced.length > 0) showMessage(unplaced.join('\n'));
  else if (placed === 0) showMessage(errorMessage(error, messageOptions));
}
