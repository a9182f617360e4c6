import { DocumentTitle } from '../../components/DocumentTitle';
import { ForgotPasswordForm } from '../../features/common-auth/components/ForgotPasswordForm';

export function Component() {
  return (
    <>
      <DocumentTitle title="Forgot password" />
      <ForgotPasswordForm />
    </>
  );
}
