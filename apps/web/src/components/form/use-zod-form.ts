import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
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
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: $ZodType<Output, Input>,
  options: ZodFormOptions<Input, Output> = {},
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({ mode: 'onTouched', ...options, resolver: zodResolver(schema) });
}

type ServerErrorTarget<Input extends FieldValues> = Pick<
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
