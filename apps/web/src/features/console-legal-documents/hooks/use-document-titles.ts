import { LEGAL_LINK_TYPES, type LegalLinkType } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import { humanize } from '../../../lib/format';

// The kit keeps the documents' titles beside its legal panel, whose drawer would more than double what
// the list needs before it renders: the titles load beside the first page of versions instead.
const loadLegalPanel = () => import('../../../components/display/LegalPanel');

const FALLBACK_TITLES = Object.fromEntries(LEGAL_LINK_TYPES.map((type) => [type, humanize(type)])) as Record<
  LegalLinkType,
  string
>;

/** The documents' titles by type ('Terms and Conditions'), once loaded; until then undefined. */
export function useDocumentTitles(): Readonly<Record<LegalLinkType, string>> | undefined {
  const titles = useQuery({
    queryKey: ['legal-document-titles'],
    queryFn: async () => (await loadLegalPanel()).LEGAL_DOCUMENT_TITLES,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  // Should the module not load, the types' own names stand in for the titles.
  if (titles.isError) return FALLBACK_TITLES;
  return titles.data;
}
