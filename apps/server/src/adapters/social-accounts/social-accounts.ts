// The port through which a creator proves a social handle is theirs (issue 26): by connecting the account
// through the platform's OAuth, which names the account's immutable id beside its handle, or by a one-time
// code placed in the profile's bio, read back here. A handle renamed later is still the same account id.
//
// Reading a bio never throws: every way of not reading it is an answer with a reason. The OAuth steps throw
// an AccountOAuthError, since the connection cannot go on without the step's result.

import type { CreatorPlatform } from '@platform/shared';

/** The platforms whose accounts can be connected and whose bios can be read. */
export const SOCIAL_ACCOUNT_PLATFORMS = [
  'Youtube',
  'TikTok',
  'Instagram',
] as const satisfies readonly CreatorPlatform[];
export type SocialAccountPlatform = (typeof SOCIAL_ACCOUNT_PLATFORMS)[number];

export function isSocialAccountPlatform(platform: string): platform is SocialAccountPlatform {
  return (SOCIAL_ACCOUNT_PLATFORMS as readonly string[]).includes(platform);
}

/** What the platform's token endpoint granted. Secrets: keep them encrypted, never log them. */
export type OAuthTokens = {
  accessToken: string;
  refreshToken?: string;
  expiresAt?: Date;
  /** The scopes granted, as the platform lists them (space or comma separated). */
  scope?: string;
};

export type PlatformAccount = {
  /** The platform's immutable id: a YouTube channel id, a TikTok open_id, an Instagram professional account id. */
  accountId: string;
  /** Without '@', as the platform spells it. */
  handle: string;
};

export type ProfileUnavailableReason =
  /** The operator configured no credentials that can read this platform's profiles: nothing was asked. */
  | 'not-configured'
  /** A platform whose profiles cannot be read at all (Snapchat). */
  | 'unsupported'
  /**
   * The platform knows no such account (for Instagram: no professional one), or the handle is one the
   * platform could not have given (the wrong characters or length), so nothing was asked.
   */
  | 'not-found'
  /** The platform refused our credentials or the request (400, 401, 403): logged, for the operator. */
  | 'refused'
  /** The platform is failing or limiting us (429, 5xx): worth asking again later. */
  | 'status'
  | 'timeout'
  | 'network'
  /** The answer was not the platform's document (a proxy's HTML page, say). */
  | 'malformed';

export type ProfileReading =
  | { kind: 'profile'; accountId: string; handle: string; bio: string }
  | { kind: 'unavailable'; reason: ProfileUnavailableReason };

export interface ProfileReader {
  /** The public bio (a YouTube channel's description) of `handle` on `platform`; '@' before it is ignored. */
  readProfile(platform: CreatorPlatform, handle: string): Promise<ProfileReading>;
}

/** One platform's bio reader, which the ProfileReader of socialAccountsFor chooses by platform. */
export type PlatformProfileReader = {
  readonly platform: SocialAccountPlatform;
  read(handle: string): Promise<ProfileReading>;
};

export type AuthorizationRequest = {
  /** An unguessable value kept with the creator's session and compared when the platform sends them back. */
  state: string;
  /** The S256 challenge of the PKCE verifier kept with the session (see newPkcePair). */
  codeChallenge: string;
  /** Registered with the platform's app, exactly as it will be given to exchangeCode. */
  redirectUri: string;
};

export type CodeExchange = {
  /** The `code` the platform put on the redirect back, after its `state` was checked. */
  code: string;
  codeVerifier: string;
  redirectUri: string;
};

/** One platform's OAuth connection: where to send the creator, the code's exchange, and whose account it is. */
export interface AccountOAuth {
  readonly platform: SocialAccountPlatform;
  authorizationUrl(request: AuthorizationRequest): URL;
  exchangeCode(exchange: CodeExchange): Promise<OAuthTokens>;
  accountOf(tokens: OAuthTokens): Promise<PlatformAccount>;
}

/** Every platform's connection that the operator configured, and the bio reader. */
export type SocialAccounts = {
  oauth: Partial<Record<SocialAccountPlatform, AccountOAuth>>;
  profiles: ProfileReader;
};

export type AccountOAuthFailure =
  /**
   * The platform refused the code: a wrong PKCE verifier, a code used already or expired, another redirect
   * URI. The creator starts the connection again.
   */
  | 'rejected-code'
  /** The platform refused our app's credentials or the access token (400, 401, 403): logged. */
  | 'refused'
  /** The token is good but names no account that can be used: no YouTube channel, no Instagram professional account linked to a Page, no TikTok username granted. */
  | 'no-account'
  | 'status'
  | 'timeout'
  | 'network'
  | 'malformed';

/**
 * An OAuth step that failed. Its message is safe to log and to show staff: never a token, code, verifier or
 * secret; the platform's own error code is kept when it gave one.
 */
export class AccountOAuthError extends Error {
  override readonly name = 'AccountOAuthError';

  constructor(
    readonly platform: SocialAccountPlatform,
    readonly kind: AccountOAuthFailure,
    message: string,
    readonly details: { status?: number; providerError?: string } = {},
  ) {
    super(message);
  }
}

/** What an adapter writes to the log; the app's pino logger fits. */
export type SocialAccountsLogger = {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
};

/** Where a fake (or a regional host) stands in for a platform's hosts: origins, without a path. */
export type BaseUrls<Host extends string> = Partial<Record<Host, string>>;

/** The handle as platforms spell it in their APIs: without the '@' creators often type. */
export function bareHandle(handle: string): string {
  return handle.trim().replace(/^@/, '');
}
