import type { LegalLinkType } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LegalFooter } from '../components/display/LegalFooter';
import { creatorInfoQueryOptions } from '../features/creator-account/api/get-creator-info';
import { loadCurrentDocumentText } from '../features/creator-legal/api/document-text';

/** `?legal=TERMS` (or PRIVACY) in the address opens that document: a page links to it that way. */
const LEGAL_PARAMETER = 'legal';

/** The country of the signed-in creator's address, once a page has loaded their account; never asked for here. */
function useCreatorCountry(): string | undefined {
  const { data } = useQuery({
    ...creatorInfoQueryOptions(),
    enabled: false,
    select: (info) => info.profile?.address.country || undefined,
  });
  return data;
}

/**
 * The footer's Terms and Privacy open the documents of the creator's country once they have given one,
 * and the United Kingdom's until then (SPEC §9).
 */
export default function CreatorLegalFooter() {
  const country = useCreatorCountry();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get(LEGAL_PARAMETER);
  const requested = asked === 'TERMS' || asked === 'PRIVACY' ? asked : null;
  return (
    <LegalFooter
      // The footer keeps a document it has shown; another country's must be read afresh.
      key={country ?? 'default'}
      loadDocument={(type: LegalLinkType) => loadCurrentDocumentText(type, country)}
      open={requested}
      onClosed={() =>
        setSearchParams(
          (current) => {
            current.delete(LEGAL_PARAMETER);
            return current;
          },
          { replace: true },
        )
      }
    />
  );
}
