import { useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/DocumentTitle';
import { AcceptInvitation } from '../../features/staff/components/AcceptInvitation';

export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <>
      <DocumentTitle title="Join the team" />
      <AcceptInvitation token={searchParams.get('token') ?? ''} />
    </>
  );
}
