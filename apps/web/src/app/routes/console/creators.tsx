import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';

export function Component() {
  return (
    <>
      <DocumentTitle title="Creators" />
      <PageHeading title="Creators" />
    </>
  );
}
