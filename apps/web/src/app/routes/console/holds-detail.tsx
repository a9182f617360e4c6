import { useParams } from 'react-router';
import { HoldDetail } from '../../../features/console-view-holds/components/HoldDetail';
import { StaffRole } from '../../StaffRole';

export function Component() {
  const { id = '' } = useParams();
  return (
    <StaffRole loadingLabel="Loading the hold">
      {/* Keyed by hold, so that moving to another starts from a clean page. */}
      {(role) => <HoldDetail key={id} id={id} role={role} />}
    </StaffRole>
  );
}
