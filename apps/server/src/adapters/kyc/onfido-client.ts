import isoCountries from 'i18n-iso-countries';
import { decodeJwt } from 'jose';
import { normalizeCountryCode, type KycStatus } from '@platform/shared';
import {
  fetchText,
  isRecord,
  parseJson,
  ProviderTransportError,
  retryAfterSeconds,
  withoutSecrets,
  type ProviderReply,
} from '../http/provider-http';
import {
  KycProviderRejected,
  KycProviderUnavailable,
  type ExternalKycProvider,
  type KycApplicant,
  type KycProviderLogger,
} from './kyc-provider';

export const ONFIDO_API_VERSION = 'v3.6';

/** What a check runs: the identity document, and a selfie compared with the document's photo. */
export const ONFIDO_REPORT_NAMES = ['document', 'facial_similarity_photo'] as const;

/** Long enough for Onfido's slowest call (creating a check), short enough to answer a creator in time. */
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Onfido's check (status, or status:result once complete) → the spec's KYC status (SPEC §4).
 * Onfido only ever concludes `clear` or `consider`; it never says a creator failed, so Failure and
 * ReVerify are a person's decision at the platform and nothing here produces them.
 */
const KYC_STATUS_BY_ONFIDO_CHECK: Readonly<Record<string, KycStatus>> = {
  // The documents are in and Onfido is running its reports: nothing for the creator to do but wait.
  in_progress: 'Submitted',
  // Onfido needs the creator again (a retake, a missing side): the next move is the creator's.
  awaiting_applicant: 'Pending',
  // Onfido's own analysts hold the check: we wait on the provider, not on the creator or our staff.
  paused: 'Review',
  reopened: 'Review',
  // Cancelled before any outcome: the creator has to start again.
  withdrawn: 'Abandoned',
  'complete:clear': 'Success',
  // Onfido found something worth a look but does not reject: a person at the platform decides.
  'complete:consider': 'ManualReview',
};

/**
 * A status Onfido added after this table was written, or a complete check without a result, goes to a
 * person: neither passing the creator unchecked nor leaving them waiting on an event that never comes.
 */
const KYC_STATUS_FOR_UNRECOGNISED_CHECK: KycStatus = 'ManualReview';

const onfidoCheckOutcome = (status: string, result: string | null) =>
  status === 'complete' ? `complete:${result ?? ''}` : status;

function isRecognisedOnfidoCheck(status: string, result: string | null): boolean {
  return Object.hasOwn(KYC_STATUS_BY_ONFIDO_CHECK, onfidoCheckOutcome(status, result));
}

/** The spec's KYC status for an Onfido check; usable on a webhook's status once the result is fetched. */
export function kycStatusForOnfidoCheck(status: string, result: string | null): KycStatus {
  return KYC_STATUS_BY_ONFIDO_CHECK[onfidoCheckOutcome(status, result)] ?? KYC_STATUS_FOR_UNRECOGNISED_CHECK;
}

export type OnfidoClientOptions = {
  /** The region's API origin, e.g. https://api.eu.onfido.com (or .us., .ca.). */
  baseUrl: string;
  apiToken: string;
  timeoutMs?: number;
  logger?: KycProviderLogger;
};

const silentLogger: KycProviderLogger = { warn: () => {}, error: () => {} };

type OnfidoErrorBody = {
  type: string;
  message: string | undefined;
  fields: Record<string, unknown> | undefined;
};

const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value !== '';

function readOnfidoError(text: string): OnfidoErrorBody | undefined {
  const parsed = parseJson(text);
  if (!isRecord(parsed) || !isRecord(parsed.error)) return undefined;
  const { type, message, fields } = parsed.error;
  return {
    type: nonEmptyString(type) ? type : 'unknown',
    message: typeof message === 'string' ? message : undefined,
    fields: isRecord(fields) && Object.keys(fields).length > 0 ? fields : undefined,
  };
}

/** Onfido's SDK tokens are JWTs; their expiry is read without verifying, only to tell the browser. */
function sdkTokenExpiry(token: string): Date | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? new Date(exp * 1000) : null;
  } catch {
    return null;
  }
}

function alpha3Country(alpha2: string): string | undefined {
  return isoCountries.alpha2ToAlpha3(normalizeCountryCode(alpha2));
}

/** What every call to Onfido is made with. */
type OnfidoConnection = {
  apiRoot: string;
  apiToken: string;
  timeoutMs: number;
  logger: KycProviderLogger;
};

/** Onfido's messages are its own, but they reach our logs and errors: make sure our token never rides along. */
const redact = ({ apiToken }: OnfidoConnection, text: string) => withoutSecrets(text, [apiToken]);

function unavailable(
  { logger }: OnfidoConnection,
  operation: string,
  reason: string,
  details: { httpStatus?: number; retryAfterSeconds?: number } = {},
  cause?: unknown,
) {
  logger.warn({ provider: 'onfido', operation, reason, ...details }, 'Onfido is unavailable');
  return new KycProviderUnavailable(
    `Onfido ${operation}: ${reason}`,
    { operation, ...details },
    cause === undefined ? undefined : { cause },
  );
}

function rejected(connection: OnfidoConnection, operation: string, httpStatus: number, text: string) {
  const { logger } = connection;
  const onfidoError = readOnfidoError(text);
  const providerErrorType = onfidoError?.type ?? 'unknown';
  const providerMessage = redact(connection, onfidoError?.message ?? 'no message');
  const error = new KycProviderRejected(
    `Onfido ${operation} refused (HTTP ${httpStatus} ${providerErrorType}): ${providerMessage}`,
    {
      operation,
      httpStatus,
      providerErrorType,
      fields:
        onfidoError?.fields &&
        (JSON.parse(redact(connection, JSON.stringify(onfidoError.fields))) as Record<string, unknown>),
    },
  );
  // Field names only: Onfido's field messages may quote what the creator typed.
  const logDetails = {
    provider: 'onfido',
    operation,
    httpStatus,
    providerErrorType,
    providerMessage,
    fieldNames: Object.keys(onfidoError?.fields ?? {}),
  };
  if (error.isMisconfiguration) {
    logger.error(logDetails, 'Onfido refused the platform’s credentials: check the API token and its region');
  } else {
    logger.warn(logDetails, 'Onfido refused a request');
  }
  return error;
}

async function callOnfido(
  connection: OnfidoConnection,
  operation: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const { apiRoot, apiToken, timeoutMs } = connection;
  let response: ProviderReply;
  try {
    response = await fetchText(`${apiRoot}${path}`, {
      method,
      headers: {
        authorization: `Token token=${apiToken}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs,
      // Onfido's API never redirects; following one would carry the token to wherever it points.
      redirect: 'error',
    });
  } catch (error) {
    if (!(error instanceof ProviderTransportError)) throw error;
    // The headers may have come before the body broke off or ran out of time.
    const answered = error.status !== undefined;
    const details = answered ? { httpStatus: error.status } : {};
    if (error.kind === 'timeout') {
      throw unavailable(
        connection,
        operation,
        answered ? `answer not complete within ${timeoutMs} ms` : `no answer within ${timeoutMs} ms`,
        details,
      );
    }
    throw unavailable(
      connection,
      operation,
      answered ? 'the answer broke off' : 'could not reach Onfido',
      details,
      error.cause,
    );
  }

  const { status } = response;
  if (status === 429 || status === 408 || status >= 500) {
    throw unavailable(connection, operation, `HTTP ${status}`, {
      httpStatus: status,
      retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
    });
  }
  if (!response.ok) throw rejected(connection, operation, status, response.text);

  const parsed = parseJson(response.text);
  if (parsed === undefined) {
    throw unavailable(connection, operation, `HTTP ${status} with a body that is not JSON`, {
      httpStatus: status,
    });
  }
  if (!isRecord(parsed)) {
    throw unavailable(connection, operation, `HTTP ${status} with a body that is not an object`, {
      httpStatus: status,
    });
  }
  return parsed;
}

const unexpectedAnswer = (connection: OnfidoConnection, operation: string, missing: string) =>
  unavailable(connection, operation, `the answer has no ${missing}`);

async function onfidoCreateApplicant(
  connection: OnfidoConnection,
  applicant: KycApplicant,
): ReturnType<ExternalKycProvider['createApplicant']> {
  const { logger } = connection;
  const operation = 'createApplicant';
  const countryOfResidence = applicant.country ? alpha3Country(applicant.country) : undefined;
  if (applicant.country && !countryOfResidence) {
    logger.warn(
      { provider: 'onfido', operation, country: applicant.country },
      'Not an ISO 3166 country: the applicant is created without one',
    );
  }
  // The country goes in `location`, not `address`: Onfido's address also requires a postcode,
  // which the platform does not collect.
  const answer = await callOnfido(connection, operation, 'POST', '/applicants', {
    first_name: applicant.firstName,
    last_name: applicant.lastName,
    email: applicant.email,
    ...(applicant.dateOfBirth ? { dob: applicant.dateOfBirth } : {}),
    ...(countryOfResidence ? { location: { country_of_residence: countryOfResidence } } : {}),
  });
  if (!nonEmptyString(answer.id)) throw unexpectedAnswer(connection, operation, 'applicant id');
  return { applicantId: answer.id };
}

async function onfidoCreateSdkToken(
  connection: OnfidoConnection,
  applicantId: string,
  referrer: string,
): ReturnType<ExternalKycProvider['createSdkToken']> {
  const operation = 'createSdkToken';
  const answer = await callOnfido(connection, operation, 'POST', '/sdk_token', {
    applicant_id: applicantId,
    referrer,
  });
  if (!nonEmptyString(answer.token)) throw unexpectedAnswer(connection, operation, 'token');
  return { token: answer.token, expiresAt: sdkTokenExpiry(answer.token) };
}

async function onfidoCreateCheck(
  connection: OnfidoConnection,
  applicantId: string,
): ReturnType<ExternalKycProvider['createCheck']> {
  const operation = 'createCheck';
  const answer = await callOnfido(connection, operation, 'POST', '/checks', {
    applicant_id: applicantId,
    report_names: [...ONFIDO_REPORT_NAMES],
  });
  if (!nonEmptyString(answer.id)) throw unexpectedAnswer(connection, operation, 'check id');
  // The check exists (and is billed) by now: a missing status is no reason for the caller to retry and
  // start a second one, and every new check is in progress.
  const status = nonEmptyString(answer.status) ? answer.status : 'in_progress';
  const result = nonEmptyString(answer.result) ? answer.result : null;
  return { checkId: answer.id, status: kycStatusForOnfidoCheck(status, result) };
}

async function onfidoGetCheck(
  connection: OnfidoConnection,
  checkId: string,
): ReturnType<ExternalKycProvider['getCheck']> {
  const { logger } = connection;
  const operation = 'getCheck';
  const answer = await callOnfido(connection, operation, 'GET', `/checks/${encodeURIComponent(checkId)}`);
  if (!nonEmptyString(answer.status)) throw unexpectedAnswer(connection, operation, 'check status');
  const onfidoStatus = answer.status;
  const onfidoResult = nonEmptyString(answer.result) ? answer.result : null;
  if (!isRecognisedOnfidoCheck(onfidoStatus, onfidoResult)) {
    logger.warn(
      { provider: 'onfido', operation, checkId, onfidoStatus, onfidoResult },
      `Unrecognised Onfido check outcome: treated as ${KYC_STATUS_FOR_UNRECOGNISED_CHECK}`,
    );
  }
  const result = onfidoResult === 'clear' || onfidoResult === 'consider' ? onfidoResult : null;
  return {
    status: kycStatusForOnfidoCheck(onfidoStatus, onfidoResult),
    result,
    ...(nonEmptyString(answer.results_uri) ? { reportsUrl: answer.results_uri } : {}),
  };
}

/**
 * Onfido over HTTP. No retries inside: creating an applicant or a check is not idempotent at Onfido, so
 * retrying after a time-out that in fact succeeded makes a duplicate (and a check is billed). The caller
 * gets KycProviderUnavailable and decides, with the ids it has stored, whether to try again.
 */
export function createOnfidoClient(options: OnfidoClientOptions): ExternalKycProvider {
  const { apiToken } = options;
  if (apiToken.trim() === '') throw new Error('The Onfido API token is empty.');
  const connection: OnfidoConnection = {
    apiRoot: `${new URL(options.baseUrl).toString().replace(/\/+$/, '')}/${ONFIDO_API_VERSION}`,
    apiToken,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    logger: options.logger ?? silentLogger,
  };
  return {
    name: 'onfido',
    createApplicant: (applicant) => onfidoCreateApplicant(connection, applicant),
    createSdkToken: (applicantId, referrer) => onfidoCreateSdkToken(connection, applicantId, referrer),
    createCheck: (applicantId) => onfidoCreateCheck(connection, applicantId),
    getCheck: (checkId) => onfidoGetCheck(connection, checkId),
  };
}
