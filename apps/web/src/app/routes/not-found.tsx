import { DocumentTitle } from '../../components/DocumentTitle';
import { NotFoundPanel } from '../../components/feedback/NotFoundPanel';

export function Component() {
  return (
    <>
      <DocumentTitle title="Page not found" />
      <NotFoundPanel />
    </>
  );
}
