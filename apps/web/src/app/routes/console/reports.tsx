import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';

export function Component() {
  return (
    <>
      <DocumentTitle title="Reports" />
      <PageHeading title="Reports" />
    </>
  );
}
