import { bindUseCases } from '../use-cases';
import type { LegalContext } from './legal.context';
import {
  currentForCountry,
  currentTerms,
  findDocument,
  placeholdersInUse,
  signUpTermsId,
} from './use-cases/documents-in-force';
import { ensurePlaceholderFiles } from './use-cases/ensure-placeholder-files';
import { getDocumentUrl } from './use-cases/get-document-url';
import { listLegalDocuments } from './use-cases/list-legal-documents';
import { publishLegalDocument } from './use-cases/publish-legal-document';

export type LegalService = ReturnType<typeof createLegalService>;

/** The terms, privacy notice and other legal documents creators read and accept, as versions. */
export function createLegalService(context: LegalContext) {
  return bindUseCases(context, {
    ensurePlaceholderFiles,
    placeholdersInUse,
    currentForCountry,
    currentTerms,
    findDocument,
    signUpTermsId,
    presignedUrl: getDocumentUrl,
    list: listLegalDocuments,
    publish: publishLegalDocument,
  });
}
