import { Stack, Text } from '@mantine/core';
import { AUTH_MESSAGES, forgotPasswordBodySchema } from '@platform/shared';
import { useState } from 'react';
import { ButtonLink } from '../../../components/ButtonLink';
import { MessageModal, useMessageModal } from '../../../components/feedback/MessageModal';
import { ResultPanel } from '../../../components/feedback/ResultPanel';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { EmailField } from '../../../components/form/TextField';
import { PageHeading } from '../../../components/PageHeading';
import { TextLink } from '../../../components/TextLink';
import { reportServerError, useZodForm } from '../../../components/form/use-zod-form';
import { paths } from '../../../lib/paths';
import { useRequestPasswordReset } from '../api/forgot-password';

export function ForgotPasswordForm() {
  const form = useZodForm(forgotPasswordBodySchema, { defaultValues: { username: '' } });
  const { errors } = form.formState;
  const requestReset = useRequestPasswordReset();
  const failure = useMessageModal();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.handleSubmit((values) =>
    requestReset.mutate(values, {
      onSuccess: () => setSentTo(values.username),
      onError: (error) =>
        reportServerError(form, error, {
          showMessage: failure.show,
          fallback: AUTH_MESSAGES.forgotPasswordFailed,
        }),
    }),
  );

  if (sentTo !== null) {
    return (
      <ResultPanel
        tone="info"
        title={AUTH_MESSAGES.emailSent}
        actions={
          <ButtonLink to={paths.signIn} variant="light">
            Back to sign in
          </ButtonLink>
        }
      >
        If an account exists for <strong>{sentTo}</strong>, it will receive a link to reset the password.
      </ResultPanel>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeading
        title="Forgot your password?"
        subtitle="Enter the email you signed up with and we will send you a link to reset your password."
      />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <EmailField {...form.register('username')} error={errors.username?.message} />
          <SubmitButton loading={requestReset.isPending}>Send reset link</SubmitButton>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Remembered it? <TextLink to={paths.signIn}>Sign in</TextLink>
      </Text>
      <MessageModal title="We could not send the email" {...failure.props} />
    </Stack>
  );
}
