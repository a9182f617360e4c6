import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  EVERY_TERRITORY,
  LEGAL_MESSAGES,
  type LegalDocument,
  type PublishLegalDocumentBody,
} from '@platform/shared';
import type { Executor } from '../../../db/client';
import { isUniqueViolation } from '../../../db/unique-violation';
import { AppError, errors } from '../../../errors';
import type { Actor } from '../../../principal';
import type { LegalContext } from '../legal.context';
import { legalRepository as repository } from '../legal.repository';
import { asListed, contentTypeOf, territoryNames } from '../legal-documents';

const versionTaken = () =>
  new AppError(409, ERROR_CODES.conflict, LEGAL_MESSAGES.versionTaken, [
    { field: 'version', message: LEGAL_MESSAGES.versionTaken },
  ]);

/**
 * Publishes a new version: its text goes to storage first, then the record, so a record never points
 * at a missing file; a record that cannot be written takes its file away again.
 */
export async function publishLegalDocument(
  context: LegalContext,
  actor: Actor,
  body: PublishLegalDocumentBody,
): Promise<LegalDocument> {
  const { db, clock, storage, audit } = context;
  const territoryId = body.territoryId === EVERY_TERRITORY ? null : body.territoryId;
  const names = await territoryNames(context);
  if (territoryId && !names.has(territoryId)) {
    throw errors.validation([{ field: 'territoryId', message: LEGAL_MESSAGES.territoryUnknown }]);
  }
  const id = randomUUID();
  const storageKey = `legal/${id}`;
  const contentType = contentTypeOf(body.content);
  const stored = await storage.put(storageKey, Buffer.from(body.content), contentType);
  try {
    await db.transaction(async (tx: Executor) => {
      await repository.insert(tx, {
        id,
        territoryId,
        type: body.type,
        version: body.version,
        storageKey,
        contentType,
        size: stored.size,
        placeholder: false,
        publishedAt: clock.now(),
        publishedBy: actor.accountId,
      });
      await audit.record(tx, {
        actor,
        action: 'legal-document.publish',
        target: { type: 'legal-document', id, label: `${body.type} ${body.version}` },
        after: { territoryId, type: body.type, version: body.version, size: stored.size },
      });
    });
  } catch (error) {
    await storage.delete(storageKey);
    if (isUniqueViolation(error)) throw versionTaken();
    throw error;
  }
  const listed = await repository.listedById(db, id);
  if (!listed) throw new Error(`the legal document ${id} was not stored`);
  return asListed(listed, names, true);
}
