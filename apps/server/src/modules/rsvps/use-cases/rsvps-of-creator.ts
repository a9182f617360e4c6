import { RSVP_STATUSES, type Rsvp } from '@platform/shared';
import { toRsvp } from '../rsvp-moves';
import type { RsvpsContext } from '../rsvps.context';
import { rsvpsRepository as repository } from '../rsvps.repository';

/** Every RSVP of the creator's, oldest first, for the console's creator page (whose route checks the scope). */
export const rsvpsOfCreator = async (context: RsvpsContext, creatorId: string): Promise<Rsvp[]> =>
  (await repository.ofCreatorIn(context.db, creatorId, RSVP_STATUSES)).map(toRsvp);
