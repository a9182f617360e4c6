import { isUuid } from '@platform/shared';
import { moveWhenDue } from '../campaign-moves';
import type { CampaignsContext } from '../campaigns.context';

/**
 * A scheduled job at one campaign's start or end: makes its moves if their time has come by this
 * clock, and nothing otherwise (a stale, repeated or early job). Answers how many moves it made.
 */
export async function runScheduleFor(context: CampaignsContext, id: string): Promise<number> {
  return isUuid(id) ? moveWhenDue(context, id) : 0;
}
