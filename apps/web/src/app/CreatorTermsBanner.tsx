import type { CreatorInfo } from '@platform/shared';
import { TermsUpdateBanner } from '../components/display/TermsUpdateBanner';
import { useUpdateUserInfo } from '../features/creator-account/api/update-user-info';
import { loadDocumentText } from '../features/creator-legal/api/document-text';

/**
 * The bottom banner (SPEC §2) while a newer version of the terms than the creator accepted applies to
 * them; its 'Okay' records that they accepted it.
 */
export function CreatorTermsBanner({ info }: { info: CreatorInfo }) {
  const accept = useUpdateUserInfo();
  const currentId = info.terms.currentId;
  if (!info.terms.updateToAccept || !currentId) return null;
  return (
    <TermsUpdateBanner
      loadTerms={() => loadDocumentText(currentId)}
      onAccept={() => accept.mutateAsync({ creatorId: info.id, body: { acceptedTermsId: currentId } })}
    />
  );
}
