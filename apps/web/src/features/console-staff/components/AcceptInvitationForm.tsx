import { Stack } from '@mantine/core';
import { acceptInvitationFormSchema, AUTH_MESSAGES, type AcceptInvitationFormValues } from '@platform/shared';
import { MessageModal, useMessageModal } from '../../../components/feedback/MessageModal';
import { NewPasswordField } from '../../../components/form/NewPasswordField';
import { PasswordField } from '../../../components/form/PasswordField';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { reportServerError, useZodForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { useAcceptInvitation } from '../api/accept-invitation';

export interface AcceptInvitationFormProps {
  token: string;
  onAccepted: (message: string) => void;
  /** The link stopped working meanwhile (410 expired, 409 used or cancelled): the page says so instead. */
  onLinkEnded: (status: 'expired' | 'used', message: string) => void;
}

const DEFAULTS: AcceptInvitationFormValues = { password: '', confirmPassword: '' };

export function AcceptInvitationForm({ token, onAccepted, onLinkEnded }: AcceptInvitationFormProps) {
  const form = useZodForm(acceptInvitationFormSchema, { defaultValues: DEFAULTS });
  const { errors } = form.formState;
  const accept = useAcceptInvitation();
  const failure = useMessageModal();

  const submit = form.handleSubmit(({ password }) =>
    accept.mutate(
      { token, password },
      {
        onSuccess: ({ message }) => onAccepted(message),
        onError: (error) => {
          if (isApiError(error) && error.status === 410) return onLinkEnded('expired', error.message);
          if (isApiError(error) && error.status === 409 && error.details.length === 0) {
            return onLinkEnded('used', error.message);
          }
          reportServerError(form, error, {
            showMessage: failure.show,
            fallback:
              isApiError(error) && error.status > 0 && error.status < 500
                ? error.message
                : AUTH_MESSAGES.unknownError,
            shownFields: ['password', 'confirmPassword'],
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
          <SubmitButton loading={accept.isPending}>Create my account</SubmitButton>
        </Stack>
      </form>
      <MessageModal title="We could not create your account" {...failure.props} />
    </>
  );
}
