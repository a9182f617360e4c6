// The port through which creators' devices get notifications.

export type PushMessage = { title: string; body: string; data?: Record<string, string> };

export type DeviceRegistration = {
  provider: 'fcm' | 'none';
  /** False when the provider says the token can never receive a message: do not store it. */
  accepted: boolean;
  /** Why the token was refused, or what was not checked. */
  note: string;
};

export type SendOutcome = {
  /** `unregistered`: the token is dead and should be forgotten; `skipped`: push is not configured. */
  outcome: 'sent' | 'unregistered' | 'skipped';
  note?: string;
};

export interface PushSender {
  readonly name: 'fcm' | 'none';
  /** Checks a device token with the provider (FCM: a validate-only send) so that a wrong token is refused at registration. */
  registerDevice(deviceToken: string): Promise<DeviceRegistration>;
  /** Sends one message; 'unregistered' means the token is dead and should be forgotten. */
  send(deviceToken: string, message: PushMessage): Promise<SendOutcome>;
}

/** What an adapter writes to the log; the app's pino logger fits. */
export type PushLogger = {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
};

export const silentPushLogger: PushLogger = { error: () => {}, warn: () => {} };

/** The provider's own words on a failure, never including a credential. */
export type PushErrorDetails = {
  /** HTTP status of the provider's answer, when there was one. */
  status?: number;
  /** FCM's `error.status` (`UNAVAILABLE`, `QUOTA_EXCEEDED`, …) or the OAuth `error` (`invalid_grant`). */
  code?: string;
  /** FCM's own error code from `details` (`UNREGISTERED`, `THIRD_PARTY_AUTH_ERROR`, …). */
  fcmErrorCode?: string;
};

/**
 * The message could not be checked or sent now: the provider was unreachable, too slow, over quota,
 * failing, or refused our credentials (logged for the operator). Retry later with backoff; the device
 * token is not known to be bad.
 */
export class PushUnavailable extends Error {
  override readonly name = 'PushUnavailable';
  /** The provider's own wait before a retry (`Retry-After`), when it gave one. */
  readonly retryAfterSeconds: number | undefined;
  readonly details: PushErrorDetails;

  constructor(
    message: string,
    options: { retryAfterSeconds?: number; details?: PushErrorDetails; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details ?? {};
  }
}

/**
 * The provider refused the message itself (a payload it cannot take), not the device token: sending
 * it again will not help, and the token must not be forgotten for it.
 */
export class PushRejected extends Error {
  override readonly name = 'PushRejected';
  readonly details: PushErrorDetails;

  constructor(message: string, details: PushErrorDetails = {}) {
    super(message);
    this.details = details;
  }
}
