import type { AuthContext, AuthenticatedUser } from '../auth.context';
import { liveUser } from '../auth-rules';

/** The signed-in user behind a bearer token, or null if the token or its session is no longer valid. */
export async function authenticate(context: AuthContext, token: string): Promise<AuthenticatedUser | null> {
  const { clock, signer } = context;
  const now = clock.now();
  const claims = await signer.verify(token, now);
  return claims ? liveUser(context, claims.sessionId, claims.accountId, now) : null;
}
