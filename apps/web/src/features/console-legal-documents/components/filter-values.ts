import type { LegalLinkType } from '@platform/shared';
import type { SearchableItem } from '../../../components/inputs/searchable-items';

export interface LegalDocumentFilterValues {
  /** A territory, “Every territory”, or null for the versions of all of them. */
  territory: SearchableItem | null;
  type: LegalLinkType | null;
}

export const NO_LEGAL_DOCUMENT_FILTERS: LegalDocumentFilterValues = { territory: null, type: null };

export const hasLegalDocumentFilters = (values: LegalDocumentFilterValues) =>
  values.territory !== null || values.type !== null;
