import type { Executor } from '../../../db/client';
import type { CreatorContext } from '../creator.context';
import { supportEditsRepository, type CreatorDetailsColumns } from '../support-edits.repository';

/**
 * Support's correction of a creator's details, written in the caller's transaction, which has locked the
 * creator's row and records the change in the audit trail.
 */
export const correctCreatorDetails = (
  _context: CreatorContext,
  executor: Executor,
  creatorId: string,
  columns: CreatorDetailsColumns,
) => supportEditsRepository.updateDetails(executor, creatorId, columns);
