import type { LegalContext } from '../legal.context';
import { PLACEHOLDER_TEXTS } from '../legal.placeholders';
import { legalRepository as repository } from '../legal.repository';
import { contentTypeOf } from '../legal-documents';

/**
 * Writes the shipped placeholder texts into storage where a placeholder record has no file yet (a fresh
 * install, or storage moved), so every record the migration created can be read.
 */
export async function ensurePlaceholderFiles({ db, storage }: LegalContext): Promise<void> {
  for (const row of await repository.placeholders(db)) {
    const text = PLACEHOLDER_TEXTS[row.type];
    if (!text) continue;
    // The placeholders are plain text: served as HTML, their line breaks would run together.
    const contentType = contentTypeOf(text);
    const existing = await storage.head(row.storageKey);
    const readable = existing !== null && (await storage.readStart(row.storageKey, 1)) !== null;
    if (readable && existing.contentType === contentType && row.contentType === contentType) continue;
    const stored = await storage.put(row.storageKey, Buffer.from(text), contentType);
    await repository.setStored(db, row.id, stored);
  }
}
