import { Alert } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { failureText } from '../feedback/failure';
import { FieldError } from './FieldError';
import { placeServerErrors, type PlaceServerErrorsOptions, type ServerErrorTarget } from './use-zod-form';

/** Why a dialog's form could not be saved, above its fields; nothing while there is no failure. */
export function FormFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      <FieldError message={message} />
    </Alert>
  );
}

/**
 * After a dialog's save failed: the server's field errors go under the fields the form shows, and what is
 * left is the dialog's own message (`FormFailure`): the messages no field shows, or the refusal itself when
 * it named no field; null when every error found its field.
 */
export function formFailureMessage<Input extends FieldValues>(
  form: ServerErrorTarget<Input>,
  error: unknown,
  options: PlaceServerErrorsOptions = {},
): string | null {
  const { placed, unplaced } = placeServerErrors(form, error, options);
  if (unplaced.length > 0) return unplaced.join('\n');
  return placed === 0 ? failureText(error) : null;
}
