import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';
import { NotYetAvailable } from '../../../features/console/components/NotYetAvailable';

export function Component() {
  return (
    <>
      <DocumentTitle title="Creators" />
      <PageHeading title="Creators" />
      <NotYetAvailable>
        The creators you work with will be listed here, with their onboarding status, territory and social
        handles. This screen is not available yet.
      </NotYetAvailable>
    </>
  );
}
