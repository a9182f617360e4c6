import { useLocation, useParams } from 'react-router';
import { IdentityCheckDetail } from '../../../features/console-identity-checks/components/IdentityCheckDetail';
import type { IdentityCheckLinkState } from '../../../features/console-identity-checks/components/links';
import { paths } from '../../../lib/paths';

function isLinkState(state: unknown): state is IdentityCheckLinkState {
  return (
    typeof state === 'object' &&
    state !== null &&
    typeof (state as IdentityCheckLinkState).listSearch === 'string'
  );
}

export function Component() {
  const { id = '' } = useParams();
  const { state } = useLocation() as { state: unknown };
  // Back to the tab and page the check was opened from; a check opened by its address goes to the queue.
  const listSearch = isLinkState(state) ? state.listSearch : '';
  const listPath = listSearch ? `${paths.consoleIdentityChecks}?${listSearch}` : paths.consoleIdentityChecks;
  // Keyed by check, so that moving to another check starts from a clean page.
  return <IdentityCheckDetail key={id} id={id} listPath={listPath} />;
}
