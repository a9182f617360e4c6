import { moveWhenDue } from '../campaign-moves';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/**
 * The catch-up and sweep: moves every campaign whose time has come, PUBLISHED to LIVE at its start and
 * LIVE to ENDED at its end, each under its row lock in its own transaction, so two workers never
 * move one campaign twice. Answers how many campaigns moved.
 */
export async function runSchedule(context: CampaignsContext): Promise<number> {
  let moved = 0;
  for (const due of await repository.dueForSchedule(context.db, context.clock.now())) {
    if ((await moveWhenDue(context, due.id)) > 0) moved += 1;
  }
  return moved;
}
