import { Button, Stack } from '@mantine/core';
import { AUTH_MESSAGES, signUpBodySchema } from '@platform/shared';
import { Controller } from 'react-hook-form';
import { MessageModal, useMessageModal } from '../../../components/feedback/MessageModal';
import { CheckboxField } from '../../../components/form/CheckboxField';
import { NewPasswordField } from '../../../components/form/NewPasswordField';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { EmailField } from '../../../components/form/TextField';
import { reportServerError, useZodForm } from '../../../components/form/use-zod-form';
import { useSignUp } from '../api/sign-up';

export interface SignUpFormProps {
  onSignedUp: (email: string) => void;
  /** The version of the terms the creator is shown and accepts; null until it has loaded. */
  termsId: string | null;
  onOpenTerms: () => void;
}

export function SignUpForm({ onSignedUp, termsId, onOpenTerms }: SignUpFormProps) {
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
          <NewPasswordField
            label="Password"
            {...form.register('password')}
            error={errors.password?.message}
          />
          <Stack gap={4}>
            <Controller
              control={form.control}
              name="tncVersion"
              render={({ field, fieldState }) => (
                <CheckboxField
                  label="I accept the Terms and Conditions"
                  name={field.name}
                  ref={field.ref}
                  checked={field.value !== '' && field.value === termsId}
                  disabled={termsId === null}
                  onChange={(event) => field.onChange(event.currentTarget.checked && termsId ? termsId : '')}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={onOpenTerms}
              style={{ alignSelf: 'flex-start' }}
            >
              Read the Terms and Conditions
            </Button>
          </Stack>
          <SubmitButton loading={signUp.isPending}>Sign up</SubmitButton>
        </Stack>
      </form>
      <MessageModal title="We could not sign you up" {...failure.props} />
    </>
  );
}
