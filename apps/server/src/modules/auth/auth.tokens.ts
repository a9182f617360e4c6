import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { AccountRole } from '@platform/shared';

/** 256-bit single-use link token; only its SHA-256 is stored. */
export function createHint(): { hint: string; hintHash: string } {
  const hint = randomBytes(32).toString('base64url');
  return { hint, hintHash: hashHint(hint) };
}

export function hashHint(hint: string): string {
  return createHash('sha256').update(hint).digest('hex');
}

export const ACCESS_TOKEN_SECONDS = 30 * 60;
const ISSUER = 'campaign-platform';

export type AccessTokenClaims = { accountId: string; sessionId: string; role: AccountRole };

export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: AccessTokenClaims, now: Date): Promise<string> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ sid: claims.sessionId, role: claims.role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.accountId)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
        .sign(key);
    },
    /** Returns null for any token that is malformed, forged or expired. */
    async verify(token: string, now: Date): Promise<AccessTokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: now,
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.sid !== 'string' ||
          typeof payload.role !== 'string'
        ) {
          return null;
        }
        return { accountId: payload.sub, sessionId: payload.sid, role: payload.role as AccountRole };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
