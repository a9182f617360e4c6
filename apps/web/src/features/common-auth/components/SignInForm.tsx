import { Group, Stack } from '@mantine/core';
import { AUTH_MESSAGES, ERROR_CODES, signInFormSchema } from '@platform/shared';
import { MessageModal, useMessageModal } from '../../../components/feedback/MessageModal';
import { PasswordField } from '../../../components/form/PasswordField';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { EmailField } from '../../../components/form/TextField';
import { reportServerError, useZodForm } from '../../../components/form/use-zod-form';
import { TextLink } from '../../../components/TextLink';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useSignIn } from '../api/sign-in';

export interface SignInFormProps {
  onSignedIn: () => void;
  /** The right password of a deactivated account: what it is told, in the server's words. */
  onDeactivated: (message: string) => void;
}

export function SignInForm({ onSignedIn, onDeactivated }: SignInFormProps) {
  const form = useZodForm(signInFormSchema, { defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;
  const signIn = useSignIn();
  const failure = useMessageModal();

  const submit = form.handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) =>
        isApiError(error) && error.code === ERROR_CODES.accountDeactivated
          ? onDeactivated(error.message)
          : reportServerError(form, error, {
              showMessage: failure.show,
              fallback: AUTH_MESSAGES.signInFailed,
              whenUnreachable: AUTH_MESSAGES.unknownError,
            }),
    }),
  );

  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <EmailField
            autoComplete="username"
            {...form.register('username')}
            error={errors.username?.message}
          />
          <Stack gap={6}>
            <PasswordField
              label="Password"
              autoComplete="current-password"
              {...form.register('password')}
              error={errors.password?.message}
            />
            <Group justify="flex-end">
              <TextLink to={paths.forgotPassword} size="sm">
                Forgot password?
              </TextLink>
            </Group>
          </Stack>
          <SubmitButton loading={signIn.isPending}>Sign in</SubmitButton>
        </Stack>
      </form>
      <MessageModal title="Sign-in failed" {...failure.props} />
    </>
  );
}
