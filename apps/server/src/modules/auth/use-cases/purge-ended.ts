import { authRepository as repository } from '../auth.repository';

import type { AuthContext } from '../auth.context';
import { DAY } from '../auth.policy';

/** Housekeeping: sessions over for a week and link tokens expired for a month are of no more use. */
export async function purgeEnded(context: AuthContext): Promise<{ sessions: number; tokens: number }> {
  const { db, clock } = context;
  const now = clock.now().getTime();
  return {
    sessions: await repository.deleteSessionsEndedBefore(db, new Date(now - 7 * DAY)),
    tokens: await repository.deleteTokensExpiredBefore(db, new Date(now - 30 * DAY)),
  };
}
