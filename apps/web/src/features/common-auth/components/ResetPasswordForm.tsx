import { Stack } from '@mantine/core';
import { AUTH_MESSAGES, resetPasswordFormSchema } from '@platform/shared';
import { MessageModal, useMessageModal } from '../../../components/feedback/MessageModal';
import { NewPasswordField } from '../../../components/form/NewPasswordField';
import { PasswordField } from '../../../components/form/PasswordField';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { reportServerError, useZodForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';

export interface ResetPasswordFormProps {
  hint: string;
  onReset: () => void;
  onExpired: () => void;
}

export function ResetPasswordForm({ hint, onReset, onExpired }: ResetPasswordFormProps) {
  const form = useZodForm(resetPasswordFormSchema, {
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const reset = useResetPassword();
  const failure = useMessageModal();

  const submit = form.handleSubmit(({ newPassword }) =>
    reset.mutate(
      { hint, newPassword },
      {
        onSuccess: onReset,
        onError: (error) => {
          if (isApiError(error) && error.status === 410) {
            onExpired();
            return;
          }
          reportServerError(form, error, {
            showMessage: failure.show,
            fallback: AUTH_MESSAGES.resetFailed,
            fieldAliases: { password: 'newPassword' },
          });
        },
      },
    ),
  );

  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <NewPasswordField
            label="New password"
            {...form.register('newPassword')}
            error={errors.newPassword?.message}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
            error={errors.confirmPassword?.message}
          />
          <SubmitButton loading={reset.isPending}>Reset password</SubmitButton>
        </Stack>
      </form>
      <MessageModal title="We could not reset your password" {...failure.props} />
    </>
  );
}
