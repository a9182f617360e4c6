import { useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/DocumentTitle';
import { ResetPassword } from '../../features/common-auth/components/ResetPassword';

export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <>
      <DocumentTitle title="Reset password" />
      <ResetPassword hint={searchParams.get('hint') ?? ''} />
    </>
  );
}
