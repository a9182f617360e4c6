import { Stack } from '@mantine/core';
import { AUTH_MESSAGES, ERROR_CODES, setupAdminFormSchema } from '@platform/shared';
import { MessageModal, useMessageModal } from '../../../components/feedback/MessageModal';
import { NewPasswordField } from '../../../components/form/NewPasswordField';
import { PasswordField } from '../../../components/form/PasswordField';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { EmailField, TextField } from '../../../components/form/TextField';
import { reportServerError, useZodForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { useCreateAdmin } from '../api/create-admin';

export interface SetupAdminFormProps {
  token: string;
  onCreated: (message: string) => void;
}

export function SetupAdminForm({ token, onCreated }: SetupAdminFormProps) {
  // Without a token in the link the person pastes the one the server printed.
  const askForToken = token === '';
  const form = useZodForm(setupAdminFormSchema, {
    defaultValues: { token, email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const createAdmin = useCreateAdmin();
  const failure = useMessageModal();

  // Without a token field, a server message about the token can only go to the modal.
  const shownFields = askForToken ? undefined : ['email', 'password', 'confirmPassword'];

  const handleError = (error: unknown) => {
    if (!isApiError(error)) return failure.show(AUTH_MESSAGES.unknownError);
    // A closed setup needs no message: the refreshed status replaces the form.
    if (error.code === ERROR_CODES.setupClosed) return;
    if (error.code === ERROR_CODES.hintInvalid && error.details.length === 0) {
      if (askForToken)
        form.setError('token', { type: 'server', message: error.message }, { shouldFocus: true });
      else failure.show(error.message);
      return;
    }
    reportServerError(form, error, {
      showMessage: failure.show,
      fallback: error.status >= 500 ? AUTH_MESSAGES.unknownError : error.message,
      shownFields,
    });
  };

  const submit = form.handleSubmit(
    ({ confirmPassword: _confirmation, ...body }) =>
      createAdmin.mutate(body, { onSuccess: ({ message }) => onCreated(message), onError: handleError }),
    // A token from the link that breaks the rules has no field to show its message under.
    (invalid) => {
      if (!askForToken && invalid.token?.message) failure.show(invalid.token.message);
    },
  );

  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {askForToken && (
            <TextField
              label="Setup token"
              autoComplete="off"
              description="Printed by the server when it started without an Admin."
              {...form.register('token')}
              error={errors.token?.message}
            />
          )}
          <EmailField {...form.register('email')} error={errors.email?.message} />
          <NewPasswordField
            label="Password"
            {...form.register('password')}
            error={errors.password?.message}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
            error={errors.confirmPassword?.message}
          />
          <SubmitButton loading={createAdmin.isPending}>Create Admin</SubmitButton>
        </Stack>
      </form>
      <MessageModal title="We could not create the Admin" {...failure.props} />
    </>
  );
}
