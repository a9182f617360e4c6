import { paths } from '../../lib/paths';
import { ButtonLink } from '../ButtonLink';
import { ResultPanel } from './ResultPanel';

export function NotFoundPanel() {
  return (
    <ResultPanel
      tone="warning"
      title="Page not found"
      actions={<ButtonLink to={paths.home}>Go to the home page</ButtonLink>}
    >
      The page you are looking for does not exist.
    </ResultPanel>
  );
}
