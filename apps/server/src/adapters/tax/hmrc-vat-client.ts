import { vatValidationStatus } from '@platform/shared';
import type { Clock } from '../../clock';
import { locallyDecidedVat, precheckVat, UK_VAT_FORMAT_RIGHT } from './local-tax-rules';
import { fetchText, isRecord, parseJson } from '../http/provider-http';
import {
  describeFailure,
  failureForStatus,
  logProviderFailure,
  ProviderFailure,
  providerFailureFrom,
  stringField,
} from './provider-call';
import type { HmrcSettings, TaxCheckLogger, VatCheck, VatChecker } from './tax-checks';

/** "Check a UK VAT number" v2.0 answers only to this media type. */
export const HMRC_ACCEPT = 'application/vnd.hmrc.2.0+json';

/** A token is renewed this long before HMRC says it lapses, so that no lookup is sent with a dying one. */
export const HMRC_TOKEN_RENEWAL_MARGIN_MS = 60_000;

export type HmrcVatClientOptions = HmrcSettings & {
  timeoutMs: number;
  clock: Clock;
  logger: TaxCheckLogger;
};

type CachedToken = { value: string; renewAt: number };
type HttpReply = { status: number; body: unknown };
type HmrcAnswer =
  { registered: true; businessName: string; businessAddress: string } | { registered: false; note: string };

/** HMRC's error bodies carry a code ('NOT_FOUND') or, from its OAuth endpoint, an error ('invalid_client'). */
function errorCodeOf(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const code = stringField(body, 'code') ?? stringField(body, 'error');
  return code && /^[A-Za-z_.-]{1,64}$/.test(code) ? code : undefined;
}

function oneLineAddress(address: unknown): string {
  if (!isRecord(address)) return '';
  return ['line1', 'line2', 'line3', 'line4', 'postcode', 'countryCode']
    .map((key) => stringField(address, key)?.trim())
    .filter((part): part is string => Boolean(part))
    .join(', ');
}

function readLookup(reply: HttpReply): HmrcAnswer {
  const code = errorCodeOf(reply.body);
  if (reply.status === 200) {
    const target = isRecord(reply.body) ? reply.body.target : undefined;
    const name = isRecord(target) ? stringField(target, 'name')?.trim() : undefined;
    if (!isRecord(target) || !name) {
      throw new ProviderFailure('unexpected-answer', {
        status: 200,
        problem: 'no target name in the answer',
      });
    }
    return { registered: true, businessName: name, businessAddress: oneLineAddress(target.address) };
  }
  if (reply.status === 404 && code === 'NOT_FOUND') {
    return { registered: false, note: 'HMRC says no business is registered for VAT under this number.' };
  }
  if (reply.status === 400 && code === 'INVALID_REQUEST') {
    return { registered: false, note: 'HMRC rejected the number as not a UK VAT registration number.' };
  }
  // HMRC's platform answers 404 with its own code for an address it does not serve, 403 for an application
  // not subscribed to the API and 406 for a wrong Accept header: our settings, never the creator's number.
  if (reply.status === 403 || reply.status === 404 || reply.status === 406) {
    throw new ProviderFailure('configuration', {
      status: reply.status,
      ...(code ? { providerSays: code } : {}),
      problem: 'HMRC did not accept the lookup request: check the base URL and the API subscription',
    });
  }
  throw failureForStatus(reply.status, code);
}

async function requestToken(
  options: HmrcVatClientOptions,
  baseUrl: string,
  signal: AbortSignal,
): Promise<CachedToken> {
  const response = await fetchText(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: options.clientId,
      client_secret: options.clientSecret,
    }).toString(),
    signal,
  });
  const body = parseJson(response.text);
  const code = errorCodeOf(body);
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    throw new ProviderFailure('configuration', {
      status: response.status,
      ...(code ? { providerSays: code } : {}),
      problem: 'HMRC refused the client credentials',
    });
  }
  if (!response.ok) throw failureForStatus(response.status, code);
  const accessToken = isRecord(body) ? stringField(body, 'access_token') : undefined;
  if (!accessToken) {
    throw new ProviderFailure('unexpected-answer', {
      status: response.status,
      problem: 'no access_token in the token answer',
    });
  }
  const lifetimeSeconds = isRecord(body) ? Number(body.expires_in) : Number.NaN;
  // Without a stated lifetime the token is used for this check only, rather than guessed at.
  const usableForMs = Number.isFinite(lifetimeSeconds)
    ? lifetimeSeconds * 1000 - HMRC_TOKEN_RENEWAL_MARGIN_MS
    : 0;
  return { value: accessToken, renewAt: options.clock.now().getTime() + usableForMs };
}

async function requestLookup(
  baseUrl: string,
  targetVrn: string,
  token: string,
  signal: AbortSignal,
): Promise<HttpReply> {
  const response = await fetchText(
    `${baseUrl}/organisations/vat/check-vat-number/lookup/${encodeURIComponent(targetVrn)}`,
    { headers: { Accept: HMRC_ACCEPT, Authorization: `Bearer ${token}` }, signal },
  );
  return { status: response.status, body: parseJson(response.text) };
}

/** HMRC's access token: fetched once, shared by concurrent checks, renewed before it lapses or when refused. */
function hmrcTokens(options: HmrcVatClientOptions, baseUrl: string) {
  const { clock } = options;
  let cachedToken: CachedToken | null = null;
  let tokenOnItsWay: Promise<string> | null = null;

  function accessToken(signal: AbortSignal): Promise<string> {
    if (cachedToken && clock.now().getTime() < cachedToken.renewAt) return Promise.resolve(cachedToken.value);
    tokenOnItsWay ??= requestToken(options, baseUrl, signal)
      .then((token) => {
        cachedToken = token;
        return token.value;
      })
      .finally(() => {
        tokenOnItsWay = null;
      });
    return tokenOnItsWay;
  }

  function forgetToken(value: string) {
    if (cachedToken?.value === value) cachedToken = null;
  }

  return { accessToken, forgetToken };
}

/**
 * Checks UK VAT numbers with HMRC, using an application-restricted OAuth token that is fetched once,
 * shared by concurrent checks, and renewed before it lapses or when HMRC refuses it.
 */
export function createHmrcVatClient(options: HmrcVatClientOptions): VatChecker {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const { clock, logger, timeoutMs } = options;
  const { accessToken, forgetToken } = hmrcTokens(options, baseUrl);

  async function askHmrc(targetVrn: string, signal: AbortSignal): Promise<HmrcAnswer> {
    const firstToken = await accessToken(signal);
    const firstReply = await requestLookup(baseUrl, targetVrn, firstToken, signal);
    if (firstReply.status !== 401) return readLookup(firstReply);
    // A token HMRC revoked or expired early is replaced once; a fresh one refused means our credentials.
    forgetToken(firstToken);
    const secondReply = await requestLookup(baseUrl, targetVrn, await accessToken(signal), signal);
    if (secondReply.status === 401) {
      const code = errorCodeOf(secondReply.body);
      throw new ProviderFailure('configuration', {
        status: 401,
        ...(code ? { providerSays: code } : {}),
        problem: 'HMRC refused a freshly issued access token',
      });
    }
    return readLookup(secondReply);
  }

  return {
    async checkVat(number: string): Promise<VatCheck> {
      const precheck = precheckVat(number);
      if (precheck.decided) return locallyDecidedVat(precheck, clock.now());
      try {
        const answer = await askHmrc(precheck.targetVrn, AbortSignal.timeout(timeoutMs));
        if (!answer.registered) {
          return {
            status: vatValidationStatus(false),
            source: 'hmrc',
            note: answer.note,
            checkedAt: clock.now(),
          };
        }
        return {
          status: vatValidationStatus(true),
          source: 'hmrc',
          note: `HMRC confirms the number is registered for VAT to ${answer.businessName}.`,
          businessName: answer.businessName,
          ...(answer.businessAddress ? { businessAddress: answer.businessAddress } : {}),
          checkedAt: clock.now(),
        };
      } catch (error) {
        const failure = providerFailureFrom(error);
        logProviderFailure(logger, { provider: 'hmrc', check: 'vat', timeoutMs }, failure);
        return {
          status: vatValidationStatus(null),
          source: 'hmrc',
          note: `${describeFailure('HMRC', failure, timeoutMs)}, so the number is not verified: ${UK_VAT_FORMAT_RIGHT}, but whether it is registered is not known.`,
          checkedAt: clock.now(),
        };
      }
    },
  };
}
