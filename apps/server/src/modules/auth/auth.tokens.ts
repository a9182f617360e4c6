import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { LRUCache } from 'lru-cache';
import { ACCOUNT_ROLES, type AccountRole } from '@platform/shared';

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
/** No session lasts longer than a creator's 30 days from sign-in (ADR 004). */
export const LONGEST_SESSION_SECONDS = 30 * 24 * 3600;
/** Tokens in use at once in one process; past it the least recently seen is verified again. */
const VERIFIED_TOKEN_CACHE_SIZE = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type AccessTokenClaims = { accountId: string; sessionId: string; role: AccountRole };
type VerifiedToken = { claims: AccessTokenClaims; issuedAt: number; expiresAt: number };

const isAccountRole = (value: unknown): value is AccountRole =>
  typeof value === 'string' && (ACCOUNT_ROLES as readonly string[]).includes(value);

/** Whether the time (in seconds) lies in the token's life: issued already, not yet expired. */
const isLiveAt = (token: VerifiedToken, nowSeconds: number) =>
  token.issuedAt <= nowSeconds && nowSeconds < token.expiresAt;

export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  // A signature, once checked, stays good: only the token's times need checking again. Whether its
  // session is still live is never cached (the caller asks the database on every request).
  const verified = new LRUCache<string, VerifiedToken>({ max: VERIFIED_TOKEN_CACHE_SIZE });

  async function verifySignatureAndClaims(token: string, now: Date): Promise<VerifiedToken | null> {
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: now,
        requiredClaims: ['exp', 'iat', 'sub', 'sid', 'role'],
        maxTokenAge: ACCESS_TOKEN_SECONDS,
      });
      const { sub, sid, role, iat, exp } = payload;
      if (typeof sub !== 'string' || !UUID.test(sub)) return null;
      if (typeof sid !== 'string' || !UUID.test(sid)) return null;
      if (!isAccountRole(role) || iat === undefined || exp === undefined) return null;
      // A token may not outlive the policy, however far ahead its signer put `exp`.
      if (exp - iat > ACCESS_TOKEN_SECONDS) return null;
      return { claims: { accountId: sub, sessionId: sid, role }, issuedAt: iat, expiresAt: exp };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

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
    /**
     * The claims of a token signed with our key, issued no later than now, unexpired, living no longer
     * than ACCESS_TOKEN_SECONDS, whose subject and session id are UUIDs; null for anything else.
     */
    /**
     * The session a token of ours names, whether or not it has expired: a tab whose token ran out while it
     * slept names the session it wants to continue (ADR 004). The signature and the token's shape are
     * checked as `verify` checks them; only its expiry is not. Never grants access by itself.
     */
    async sessionNamedBy(token: string, now: Date): Promise<AccessTokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: now,
          requiredClaims: ['exp', 'iat', 'sub', 'sid', 'role'],
          clockTolerance: LONGEST_SESSION_SECONDS,
        });
        const { sub, sid, role, iat, exp } = payload;
        if (typeof sub !== 'string' || !UUID.test(sub)) return null;
        if (typeof sid !== 'string' || !UUID.test(sid)) return null;
        if (!isAccountRole(role) || iat === undefined || exp === undefined) return null;
        if (exp - iat > ACCESS_TOKEN_SECONDS || iat > now.getTime() / 1000) return null;
        return { accountId: sub, sessionId: sid, role };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
    async verify(token: string, now: Date): Promise<AccessTokenClaims | null> {
      const nowSeconds = Math.floor(now.getTime() / 1000);
      const known = verified.get(token);
      if (known) return isLiveAt(known, nowSeconds) ? known.claims : null;
      const checked = await verifySignatureAndClaims(token, now);
      if (!checked || !isLiveAt(checked, nowSeconds)) return null;
      verified.set(token, checked);
      return checked.claims;
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** How long a device stays known after its last successful sign-in. */
export const TRUSTED_DEVICE_SECONDS = 180 * 24 * 3600;
const DEVICE_AUDIENCE = 'trusted-device';

export type TrustedDevice = { accountId: string; deviceId: string };

/**
 * A token naming an account and one thing of its (a device, a session) under `claim`, for one audience:
 * signed with a key derived from the session secret for that audience alone, so that no kind of token
 * passes for another. `read` answers null for a token that is malformed, forged, expired or older than
 * `maxAgeSeconds`.
 */
function accountReferenceToken(secret: string, audience: string, claim: string, maxAgeSeconds: number) {
  const key = createHmac('sha256', secret).update(audience).digest();
  return {
    async issue(accountId: string, id: string, now: Date, expiresAt: Date): Promise<string> {
      return new SignJWT({ [claim]: id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(accountId)
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async read(token: string, now: Date): Promise<{ accountId: string; id: string } | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience,
          algorithms: ['HS256'],
          currentDate: now,
          requiredClaims: ['exp', 'iat', 'sub', claim],
          maxTokenAge: maxAgeSeconds,
        });
        const { sub } = payload;
        const id = payload[claim];
        if (typeof sub !== 'string' || !UUID.test(sub) || typeof id !== 'string' || !UUID.test(id))
          return null;
        return { accountId: sub, id };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}

/**
 * A device on which an account signed in successfully gets a token naming the account and the device;
 * its later sign-in attempts for that account are counted apart from everyone else's (ADR 011).
 */
export function createDeviceTrust(secret: string) {
  const token = accountReferenceToken(secret, DEVICE_AUDIENCE, 'did', TRUSTED_DEVICE_SECONDS);
  return {
    issue(device: TrustedDevice, now: Date): Promise<string> {
      const expiresAt = new Date(now.getTime() + TRUSTED_DEVICE_SECONDS * 1000);
      return token.issue(device.accountId, device.deviceId, now, expiresAt);
    },
    /** The device a token names, or null for a token that is malformed, forged or expired. */
    async recognise(value: string, now: Date): Promise<TrustedDevice | null> {
      const read = await token.read(value, now);
      return read && { accountId: read.accountId, deviceId: read.id };
    },
  };
}
export type DeviceTrust = ReturnType<typeof createDeviceTrust>;

const SESSION_AUDIENCE = 'session';
export type SessionReference = { accountId: string; sessionId: string };

/**
 * The session's cookie (ADR 004): HttpOnly, sent to the refresh call alone, naming the account and the
 * session until the session's own end. It lets a tab whose access token expired while it slept continue a
 * session that is still live; what the session is worth is asked of the database each time.
 */
export function createSessionCookie(secret: string) {
  const token = accountReferenceToken(secret, SESSION_AUDIENCE, 'sid', LONGEST_SESSION_SECONDS);
  return {
    issue(session: SessionReference, now: Date, endsAt: Date): Promise<string> {
      return token.issue(session.accountId, session.sessionId, now, endsAt);
    },
    /** The session a cookie names, or null for one that is malformed, forged or past its session's end. */
    async read(cookie: string, now: Date): Promise<SessionReference | null> {
      const read = await token.read(cookie, now);
      return read && { accountId: read.accountId, sessionId: read.id };
    },
  };
}
export type SessionCookie = ReturnType<typeof createSessionCookie>;
