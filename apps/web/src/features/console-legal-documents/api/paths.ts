/** The Admin's legal documents: `/server-api/marketing/legal-documents`. */
export const LEGAL_DOCUMENTS_PATH = '/server-api/marketing/legal-documents';

/** Every cached list of versions starts with this key, so one publication refreshes them all. */
export const legalDocumentsQueryKey = ['legal-documents'] as const;
