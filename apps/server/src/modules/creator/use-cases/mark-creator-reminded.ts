import type { Executor } from '../../../db/client';
import type { CreatorContext } from '../creator.context';
import { supportEditsRepository } from '../support-edits.repository';

/** When staff last reminded the creator to finish onboarding, written in the caller's transaction. */
export const markCreatorReminded = (
  _context: CreatorContext,
  executor: Executor,
  creatorId: string,
  at: Date,
) => supportEditsRepository.markReminded(executor, creatorId, at);
