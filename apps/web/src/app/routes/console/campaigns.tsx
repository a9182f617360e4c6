import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';
import { NotYetAvailable } from '../../../features/console/components/NotYetAvailable';

export function Component() {
  return (
    <>
      <DocumentTitle title="Campaigns" />
      <PageHeading title="Campaigns" />
      <NotYetAvailable>
        Your team’s campaigns will be listed here, with their status, platform and dates, and the tools to
        create, review and publish them. This screen is not available yet.
      </NotYetAvailable>
    </>
  );
}
