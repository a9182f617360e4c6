import { useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/DocumentTitle';
import { VerifyEmailResult } from '../../features/common-auth/components/VerifyEmailResult';

export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <>
      <DocumentTitle title="Verify your email" />
      <VerifyEmailResult hint={searchParams.get('hint') ?? ''} />
    </>
  );
}
