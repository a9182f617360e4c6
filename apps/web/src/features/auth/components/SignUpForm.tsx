import { Stack } from '@mantine/core';
import { AUTH_MESSAGES, CURRENT_TERMS_VERSION, signUpBodySchema } from '@platform/shared';
import { Controller } from 'react-hook-form';
import { MessageModal, useMessageModal } from '../../../components/feedback/MessageModal';
import { CheckboxField } from '../../../components/form/CheckboxField';
import { PasswordField } from '../../../components/form/PasswordField';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { EmailField } from '../../../components/form/TextField';
import { reportServerError, useZodForm } from '../../../components/form/use-zod-form';
import { useSignUp } from '../api/sign-up';

export interface SignUpFormProps {
  onSignedUp: (email: string) => void;
}

export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const form = useZodForm(signUpBodySchema, {
    defaultValues: { username: '', password: '', deviceToken: '', tncVersion: '' },
  });
  const { errors } = form.formState;
  const signUp = useSignUp();
  const failure = useMessageModal();

  const submit = form.handleSubmit((values) =>
    signUp.mutate(values, {
      onSuccess: () => onSignedUp(values.username),
      onError: (error) =>
        reportServerError(form, error, { showMessage: failure.show, fallback: AUTH_MESSAGES.signUpFailed }),
    }),
  );

  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <EmailField {...form.register('username')} error={errors.username?.message} />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            {...form.register('password')}
            error={errors.password?.message}
          />
          <Controller
            control={form.control}
            name="tncVersion"
            render={({ field, fieldState }) => (
              <CheckboxField
                label="I accept the Terms and Conditions"
                name={field.name}
                ref={field.ref}
                checked={field.value === CURRENT_TERMS_VERSION}
                onChange={(event) => field.onChange(event.currentTarget.checked ? CURRENT_TERMS_VERSION : '')}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <SubmitButton loading={signUp.isPending}>Sign up</SubmitButton>
        </Stack>
      </form>
      <MessageModal title="We could not sign you up" {...failure.props} />
    </>
  );
}
