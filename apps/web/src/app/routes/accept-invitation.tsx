import { useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/DocumentTitle';
import { AcceptInvitation } from '../../features/console-staff/components/AcceptInvitation';

export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <>
      <DocumentTitle title="Join the team" />
      <AcceptInvitation token={searchParams.get('token') ?? ''} />
    </>
  );
}
