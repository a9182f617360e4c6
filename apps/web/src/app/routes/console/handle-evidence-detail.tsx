import { useParams } from 'react-router';
import { HandleEvidenceDetail } from '../../../features/console-handle-evidence/components/HandleEvidenceDetail';

export function Component() {
  const { id = '' } = useParams();
  // Keyed by evidence, so that moving to another starts from a clean page.
  return <HandleEvidenceDetail key={id} id={id} />;
}
