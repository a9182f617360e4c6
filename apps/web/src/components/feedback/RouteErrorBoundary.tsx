import { Button } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { DocumentTitle } from '../DocumentTitle';
import { CenteredLayout } from '../layouts/CenteredLayout';
import { NotFoundPanel } from './NotFoundPanel';
import { ResultPanel } from './ResultPanel';

export function RouteErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <CenteredLayout>
      <DocumentTitle title={notFound ? 'Page not found' : 'Something went wrong'} />
      {notFound ? (
        <NotFoundPanel />
      ) : (
        <ResultPanel
          tone="error"
          title="Something went wrong"
          // After a release the old page's code files are gone; a fresh load picks up the current ones.
          actions={<Button onClick={() => window.location.reload()}>Reload the page</Button>}
        >
          Please reload the page and try again.
        </ResultPanel>
      )}
    </CenteredLayout>
  );
}
