import { useLocation, useParams } from 'react-router';
import { CreatorDetail } from '../../../features/console-creators/components/CreatorDetail';
import { paths } from '../../../lib/paths';
import { StaffRole } from '../../StaffRole';

function listSearchOf(state: unknown): string {
  if (typeof state !== 'object' || state === null) return '';
  const { listSearch } = state as { listSearch?: unknown };
  return typeof listSearch === 'string' ? listSearch : '';
}

export function Component() {
  const { id = '' } = useParams();
  const { state } = useLocation() as { state: unknown };
  // Back to the filters and page the creator was opened from; a page opened by its address goes to the list.
  const listSearch = listSearchOf(state);
  const listPath = listSearch ? `${paths.consoleCreators}?${listSearch}` : paths.consoleCreators;
  return (
    <StaffRole loadingLabel="Loading the creator">
      {(role) => <CreatorDetail key={id} id={id} role={role} listPath={listPath} />}
    </StaffRole>
  );
}
