import type { Clock } from '../../clock';
import {
  fetchText,
  isRecord,
  parseJson,
  transportFailureOf,
  withoutSecrets,
  type ProviderReply,
} from '../http/provider-http';
import {
  AccountOAuthError,
  type AccountOAuthFailure,
  type OAuthTokens,
  type ProfileReading,
  type ProfileUnavailableReason,
  type SocialAccountPlatform,
  type SocialAccountsLogger,
} from './social-accounts';

// What the three platforms' clients share: one request within the time-out that never follows a redirect
// (it would carry a token or key wherever it points), the token endpoint's answer read as OAuthTokens, and
// every failure turned into an error or a reading whose words hold no secret.
//
// The code exchange is a form POST written here rather than with oauth4webapi: its exchange takes only the
// callback parameters its own validateAuthResponse made (the port's exchangeCode is given a bare code, its
// state checked by the caller), TikTok names the client `client_key`, and Facebook answers in Graph's error
// shape, so each platform's refusal is read by its own client in any case.

export const DEFAULT_TIMEOUT_MS = 5_000;

export const quietLogger: SocialAccountsLogger = { error: () => {}, warn: () => {} };

/** One platform's client: who it is in messages, and the secrets no message may hold. */
export type PlatformClient = {
  platform: SocialAccountPlatform;
  /** The provider as staff know it, in messages: 'Google', 'TikTok', 'Facebook'. */
  provider: string;
  timeoutMs: number;
  logger: SocialAccountsLogger;
  /** The operator's secrets (client secret, API key), taken out of any provider text quoted; an exchange adds its code and verifier. */
  secrets: readonly string[];
};

export type PlatformAnswer = { reply: ProviderReply; body: Record<string, unknown> | undefined };

/** The origin a fake or the platform serves, without a trailing slash. */
export function originOf(baseUrl: string | undefined, fallback: string): string {
  return (baseUrl ?? fallback).replace(/\/+$/, '');
}

/** A provider's words, made safe to log or show: one short line, with no secret in it. */
export function providerText(value: unknown, secrets: readonly string[]): string | undefined {
  if (typeof value !== 'string') return undefined;
  const line = value
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line === '' ? undefined : withoutSecrets(line, secrets).slice(0, 200);
}

async function send(url: string, init: RequestInit, timeoutMs: number): Promise<PlatformAnswer> {
  const reply = await fetchText(url, {
    ...init,
    headers: { accept: 'application/json', ...(init.headers as Record<string, string> | undefined) },
    redirect: 'error',
    timeoutMs,
  });
  const parsed = parseJson(reply.text);
  return { reply, body: isRecord(parsed) ? parsed : undefined };
}

/** A form body, as token endpoints take it (`application/x-www-form-urlencoded`). */
export function formPost(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An OAuth step's request; a failure to get the answer is the step's error. */
export async function oauthCall(
  client: PlatformClient,
  url: string,
  init: RequestInit,
): Promise<PlatformAnswer> {
  try {
    return await send(url, init, client.timeoutMs);
  } catch (error) {
    const failure = transportFailureOf(error);
    const kind = failure?.kind ?? 'network';
    throw new AccountOAuthError(
      client.platform,
      kind,
      kind === 'timeout'
        ? `${client.provider} did not answer within ${client.timeoutMs} ms`
        : `${client.provider} could not be reached${failure?.code ? ` (${failure.code})` : ''}`,
    );
  }
}

/** A profile read's request; a failure to get the answer is a reading. */
export async function profileCall(
  client: PlatformClient,
  url: string,
  init: RequestInit,
): Promise<PlatformAnswer | ProfileReading> {
  try {
    return await send(url, init, client.timeoutMs);
  } catch (error) {
    return unavailable(transportFailureOf(error)?.kind ?? 'network');
  }
}

export function unavailable(reason: ProfileUnavailableReason): ProfileReading {
  return { kind: 'unavailable', reason };
}

/** 400, 401, 403: our request or credentials; 404, 410: no such account; anything else: try later. */
export function reasonForStatus(status: number): ProfileUnavailableReason {
  if (status === 400 || status === 401 || status === 403) return 'refused';
  if (status === 404 || status === 410) return 'not-found';
  return 'status';
}

/**
 * A profile read that did not give a profile. A refusal is the operator's to fix (a key or token gone bad,
 * an API not enabled), so it is logged as an error; failures worth trying again as a warning.
 */
export function profileFailure(
  client: PlatformClient,
  reason: ProfileUnavailableReason,
  details: { status: number; providerError?: string | undefined },
): ProfileReading {
  const logged = { platform: client.platform, provider: client.provider, ...details };
  if (reason === 'refused') {
    client.logger.error(
      logged,
      `${client.provider} refused to read a profile: check the configured credentials`,
    );
  } else if (reason === 'status' || reason === 'malformed') {
    client.logger.warn(logged, `${client.provider} gave no profile (${reason})`);
  }
  return unavailable(reason);
}

/** What the token endpoint's refusal means, as the provider at hand spells its errors. */
export type TokenRefusal = { rejectedCode: boolean; providerError: string | undefined };

/** An OAuth step that got an answer other than the one it needed, logged and thrown. */
export function oauthFailure(
  client: PlatformClient,
  kind: AccountOAuthFailure,
  what: string,
  details: { status?: number; providerError?: string | undefined } = {},
): AccountOAuthError {
  const { providerError, status } = details;
  const message =
    `${client.provider} ${what}` +
    (status === undefined ? '' : ` (HTTP ${status}${providerError ? `: ${providerError}` : ''})`);
  const logged = { platform: client.platform, provider: client.provider, kind, ...details };
  if (kind === 'refused') client.logger.error(logged, message);
  else if (kind !== 'rejected-code' && kind !== 'no-account') client.logger.warn(logged, message);
  return new AccountOAuthError(client.platform, kind, message, {
    ...(status === undefined ? {} : { status }),
    ...(providerError === undefined ? {} : { providerError }),
  });
}

/** How a token endpoint's answer other than 200 is read: the code refused, our credentials refused, or a failure. */
export function tokenEndpointFailure(
  client: PlatformClient,
  reply: ProviderReply,
  refusal: TokenRefusal,
): AccountOAuthError {
  const details = { status: reply.status, providerError: refusal.providerError };
  if (refusal.rejectedCode)
    return oauthFailure(client, 'rejected-code', 'refused the authorization code', details);
  if (reply.status >= 400 && reply.status < 500 && reply.status !== 429) {
    return oauthFailure(client, 'refused', "refused the app's credentials or the request", details);
  }
  return oauthFailure(client, 'status', 'could not exchange the code', details);
}

/** The standard token response (RFC 6749 §5.1); TikTok's carries the same names. */
export function tokensFrom(
  client: PlatformClient,
  body: Record<string, unknown> | undefined,
  clock: Clock,
): OAuthTokens {
  const accessToken = body?.access_token;
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw oauthFailure(client, 'malformed', 'answered the code exchange without an access token');
  }
  const expiresIn = Number(body?.expires_in);
  const refreshToken = body?.refresh_token;
  const scope = body?.scope;
  return {
    accessToken,
    ...(typeof refreshToken === 'string' && refreshToken !== '' ? { refreshToken } : {}),
    ...(Number.isFinite(expiresIn) && expiresIn > 0
      ? { expiresAt: new Date(clock.now().getTime() + expiresIn * 1000) }
      : {}),
    ...(typeof scope === 'string' ? { scope } : {}),
  };
}

/** A string field of a JSON object, or undefined when absent, empty or not a string. */
export function textField(record: unknown, key: string): string | undefined {
  if (!isRecord(record)) return undefined;
  const value = record[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
