import {
  OPTIONAL_SETUP_ITEMS,
  SETUP_CHECKLIST_ITEMS,
  type SetupChecklistItemKey,
  type SetupChecklistResponse,
} from '@platform/shared';

/**
 * What each item asks of the module that owns the data. Each answer is read from the install as it is
 * now, so an item archived or removed since counts as undone again; nothing about the checklist is stored.
 */
export type SetupChecks = Record<SetupChecklistItemKey, () => Promise<boolean> | boolean>;

export type SetupChecklistService = ReturnType<typeof createSetupChecklistService>;

export function createSetupChecklistService(checks: SetupChecks) {
  return {
    /** GET /server-api/marketing/setup-checklist. */
    async checklist(): Promise<SetupChecklistResponse> {
      const items = await Promise.all(
        SETUP_CHECKLIST_ITEMS.map(async (key) => ({
          key,
          done: await checks[key](),
          optional: OPTIONAL_SETUP_ITEMS.has(key),
        })),
      );
      return { items, complete: items.every((item) => item.done || item.optional) };
    },
  };
}
