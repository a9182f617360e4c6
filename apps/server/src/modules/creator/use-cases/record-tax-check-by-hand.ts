import type { Executor } from '../../../db/client';
import type { CreatorContext } from '../creator.context';
import { supportEditsRepository, type TaxCheckByHand } from '../support-edits.repository';

/**
 * Support's check by hand of the creator's tax registration, written in the caller's transaction, which
 * has locked the registration and found its number unchanged.
 */
export const recordTaxCheckByHand = (
  _context: CreatorContext,
  executor: Executor,
  creatorId: string,
  check: TaxCheckByHand,
) => supportEditsRepository.recordTaxCheckByHand(executor, creatorId, check);
