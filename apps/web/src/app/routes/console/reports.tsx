import { DocumentTitle } from '../../../components/DocumentTitle';
import { PageHeading } from '../../../components/PageHeading';
import { NotYetAvailable } from '../../../features/console/components/NotYetAvailable';

export function Component() {
  return (
    <>
      <DocumentTitle title="Reports" />
      <PageHeading title="Reports" />
      <NotYetAvailable>
        Reports on your campaigns’ reach, entries and spending, and forecasts, will be shown here. This screen
        is not available yet.
      </NotYetAvailable>
    </>
  );
}
