import { type TokenResponse } from '@platform/shared';
import { authRepository as repository } from '../auth.repository';
import { ACCESS_TOKEN_SECONDS } from '../auth.tokens';

import type { AuthContext, AuthenticatedUser } from '../auth.context';

export async function refreshToken(context: AuthContext, user: AuthenticatedUser): Promise<TokenResponse> {
  const { db, clock, signer } = context;
  const now = clock.now();
  await repository.touchSession(db, user.sessionId, now);
  return {
    id_token: await signer.sign(user, now),
    expires_in: ACCESS_TOKEN_SECONDS,
  };
}
