import type { RsvpsContext } from '../rsvps.context';
import { rsvpsRepository as repository } from '../rsvps.repository';

/** Whether the creator takes part in the campaign (their RSVP is ACCEPT): only then may they enter it. */
export async function isTakingPart(
  context: RsvpsContext,
  creatorId: string,
  campaignId: string,
): Promise<boolean> {
  return (await repository.find(context.db, campaignId, creatorId))?.status === 'ACCEPT';
}
