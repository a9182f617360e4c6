import type { ViewValidationContext } from '../view-validation.context';

/** Of these entries, those whose earnings are held now (a hold HELD or APPEALED): their money waits. */
export async function heldAmong(
  context: ViewValidationContext,
  entryIds: readonly string[],
): Promise<Set<string>> {
  return new Set(await context.repository.openHoldEntryIds(context.db, entryIds));
}
