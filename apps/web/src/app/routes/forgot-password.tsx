import { DocumentTitle } from '../../components/DocumentTitle';
import { ForgotPasswordForm } from '../../features/auth/components/ForgotPasswordForm';

export function Component() {
  return (
    <>
      <DocumentTitle title="Forgot password" />
      <ForgotPasswordForm />
    </>
  );
}
