import { useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/DocumentTitle';
import { SetupAdmin } from '../../features/console-setup/components/SetupAdmin';

export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <>
      <DocumentTitle title="Set up" />
      <SetupAdmin token={searchParams.get('token') ?? ''} />
    </>
  );
}
