import { randomUUID } from 'node:crypto';
import { AUTH_CODES, AUTH_MESSAGES, normalizeEmail } from '@platform/shared';
import { AppError, errors } from '../../../errors';
import { authRepository as repository } from '../auth.repository';

import type { AuthContext } from '../auth.context';
import { accountDeactivated, passwordHashFor, startSession, type StartedSession } from '../auth-rules';

/**
 * Attempts are counted per address and per account before any hashing. An attempt from a device on
 * which this account signed in before is counted apart (ADR 011), so a flood of wrong passwords from
 * elsewhere locks out the flood, not the owner. A successful sign-in returns the device's token anew.
 */
export async function signIn(
  context: AuthContext,
  input: { username: string; password: string; deviceToken: string | undefined },
  ip: string,
): Promise<{ session: StartedSession; deviceToken: string }> {
  const { db, clock, hasher, deviceTrust, rateLimiter, limits } = context;
  const now = clock.now();
  const email = normalizeEmail(input.username);
  const account = await repository.findAccountByEmail(db, email);
  const device = input.deviceToken ? await deviceTrust.recognise(input.deviceToken, now) : null;
  const knownDevice = device && account && device.accountId === account.id ? device : null;
  const [perAddress, perAccount] = await rateLimiter.consume([
    { key: `sign-in:ip:${ip}`, rule: limits.signInPerIp },
    {
      key: knownDevice ? `sign-in:device:${knownDevice.deviceId}` : `sign-in:account:${email}`,
      rule: limits.signInPerAccount,
    },
  ]);
  if (perAddress && !perAddress.allowed) throw errors.rateLimited(perAddress.retryAfterSeconds);
  if (!perAccount?.allowed) {
    throw errors.rateLimited(
      perAccount?.retryAfterSeconds ?? limits.signInPerAccount.windowSeconds,
      AUTH_CODES.accountLocked,
      AUTH_MESSAGES.signInFailed,
    );
  }
  const passwordMatches = await hasher.verify(await passwordHashFor(context, account), input.password);
  if (!account || !passwordMatches) {
    throw new AppError(401, AUTH_CODES.wrongCredentials, AUTH_MESSAGES.signInFailed);
  }
  // Only whoever knows the password learns that the account is deactivated.
  if (account.status === 'INACTIVE') throw accountDeactivated(account.role);
  return {
    session: await startSession(context, account),
    deviceToken: await deviceTrust.issue(
      { accountId: account.id, deviceId: knownDevice?.deviceId ?? randomUUID() },
      now,
    ),
  };
}
