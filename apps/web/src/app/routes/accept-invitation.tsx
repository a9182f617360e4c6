import { DocumentTitle } from '../../components/DocumentTitle';
import { PageHeading } from '../../components/PageHeading';

export function Component() {
  return (
    <>
      <DocumentTitle title="Join the team" />
      <PageHeading title="Join the team" />
    </>
  );
}
