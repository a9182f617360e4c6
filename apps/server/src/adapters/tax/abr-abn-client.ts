import { abnValidationStatus, type TaxLookupStatus } from '@platform/shared';
import type { Clock } from '../../clock';
import { ABN_FORMAT_RIGHT, locallyDecidedAbn, precheckAbn } from './local-tax-rules';
import { fetchText, isRecord, parseJson, withoutSecrets } from '../http/provider-http';
import {
  describeFailure,
  failureForStatus,
  logProviderFailure,
  ProviderFailure,
  providerFailureFrom,
  stringField,
} from './provider-call';
import type { AbnCheck, AbnChecker, AbrSettings, TaxCheckLogger } from './tax-checks';

export const ABR_JSONP_CALLBACK = 'callback';

export type AbrAbnClientOptions = AbrSettings & {
  timeoutMs: number;
  clock: Clock;
  logger: TaxCheckLogger;
};

type AbrAnswer = {
  lookupStatus: Exclude<TaxLookupStatus, 'GUID_INVALID'>;
  entityName?: string;
  since?: string;
  abrSays?: string;
};

const JSONP_BODY = new RegExp(`^\\s*${ABR_JSONP_CALLBACK}\\s*\\(([\\s\\S]*)\\)\\s*;?\\s*$`);

/**
 * The ABR answers JSONP, meant for a browser's script tag. The wrapper is stripped and what is inside must
 * be plain JSON: nothing the ABR (or anything posing as it) sends is ever run.
 */
export function parseAbrJsonp(text: string): Record<string, unknown> | undefined {
  const inside = JSONP_BODY.exec(text)?.[1];
  if (inside === undefined) return undefined;
  const value = parseJson(inside);
  return isRecord(value) ? value : undefined;
}

/** The ABR says a GUID problem in words only, with HTTP 200, e.g. 'The GUID entered is not recognised…'. */
function isAboutTheGuid(message: string): boolean {
  return /\bguid\b/i.test(message);
}

/** What the ABR's record says of `abn`, or that it did not recognise the platform's GUID. */
function readRecord(guid: string, abn: string, record: Record<string, unknown>): AbrAnswer | 'guid-invalid' {
  const message = withoutSecrets(stringField(record, 'Message')?.trim() ?? '', [guid]);
  if (isAboutTheGuid(message)) return 'guid-invalid';
  const answeredAbn = stringField(record, 'Abn') ?? '';
  // An ABN the register does not hold comes back with an empty Abn and a message whose wording the ABR
  // does not promise, so any message will do; an empty Abn with no message at all is not an answer.
  if (answeredAbn === '') {
    if (!message) {
      throw new ProviderFailure('unexpected-answer', {
        status: 200,
        problem: 'an empty record with no message',
      });
    }
    return { lookupStatus: 'INVALID', abrSays: message.slice(0, 200) };
  }
  if (answeredAbn !== abn) {
    throw new ProviderFailure('unexpected-answer', {
      status: 200,
      problem: 'the record is for another ABN',
    });
  }
  const entityName = stringField(record, 'EntityName')?.trim() || undefined;
  const since = stringField(record, 'AbnStatusEffectiveFrom')?.trim() || undefined;
  const status = stringField(record, 'AbnStatus');
  if (status === 'Active') return { lookupStatus: 'ACTIVE', entityName, since };
  if (status === 'Cancelled') return { lookupStatus: 'CANCELLED', entityName, since };
  throw new ProviderFailure('unexpected-answer', {
    status: 200,
    problem: 'an AbnStatus that is neither Active nor Cancelled',
    ...(status ? { providerSays: withoutSecrets(status, [guid]).slice(0, 64) } : {}),
  });
}

function answeredCheck(answer: AbrAnswer, checkedAt: Date): AbnCheck {
  const since = answer.since ? ` since ${answer.since}` : '';
  const notes: Record<AbrAnswer['lookupStatus'], string> = {
    ACTIVE: `The Australian Business Register lists this ABN as active${since}.`,
    CANCELLED: `The Australian Business Register lists this ABN as cancelled${since}.`,
    INVALID: `The Australian Business Register does not hold this ABN ("${answer.abrSays ?? ''}").`,
  };
  return {
    status: abnValidationStatus(answer.lookupStatus),
    lookupStatus: answer.lookupStatus,
    source: 'abr',
    note: notes[answer.lookupStatus],
    ...(answer.entityName ? { entityName: answer.entityName } : {}),
    checkedAt,
  };
}

/**
 * Looks ABNs up on the Australian Business Register's JSON service. The ABR answers HTTP 200 for every
 * outcome, so the record's Abn, AbnStatus and Message decide it.
 */
export function createAbrAbnClient(options: AbrAbnClientOptions): AbnChecker {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const { clock, logger, timeoutMs, guid } = options;

  async function askAbr(abn: string): Promise<AbrAnswer | 'guid-invalid'> {
    const url = new URL(`${baseUrl}/json/AbnDetails.aspx`);
    url.searchParams.set('abn', abn);
    url.searchParams.set('callback', ABR_JSONP_CALLBACK);
    url.searchParams.set('guid', guid);
    const response = await fetchText(url, {
      headers: { Accept: 'text/javascript, application/javascript, application/json;q=0.9' },
      timeoutMs,
    });
    if (!response.ok) throw failureForStatus(response.status);
    const record = parseAbrJsonp(response.text);
    if (!record) {
      throw new ProviderFailure('unexpected-answer', {
        status: response.status,
        problem: 'not a JSONP record',
      });
    }
    return readRecord(guid, abn, record);
  }

  return {
    async checkAbn(number: string): Promise<AbnCheck> {
      const precheck = precheckAbn(number);
      if (precheck.decided) return locallyDecidedAbn(precheck, clock.now());
      try {
        const answer = await askAbr(precheck.abn);
        if (answer !== 'guid-invalid') return answeredCheck(answer, clock.now());
        // SPEC §8: a provider configuration error is logged, and the creator's number stays not verified.
        logProviderFailure(
          logger,
          { provider: 'abr', check: 'abn', timeoutMs },
          new ProviderFailure('configuration', {
            status: 200,
            lookupStatus: 'GUID_INVALID',
            problem: 'the ABR does not recognise the configured GUID',
          }),
        );
        return {
          status: abnValidationStatus('GUID_INVALID'),
          lookupStatus: 'GUID_INVALID',
          source: 'abr',
          note: `The Australian Business Register did not recognise this platform's access key, a configuration error for staff to fix, so the ABN is not verified: ${ABN_FORMAT_RIGHT}, but whether it is active is not known.`,
          checkedAt: clock.now(),
        };
      } catch (error) {
        const failure = providerFailureFrom(error);
        logProviderFailure(logger, { provider: 'abr', check: 'abn', timeoutMs }, failure);
        return {
          status: abnValidationStatus(null),
          lookupStatus: null,
          source: 'abr',
          note: `${describeFailure('The Australian Business Register', failure, timeoutMs)}, so the ABN is not verified: ${ABN_FORMAT_RIGHT}, but whether it is active is not known.`,
          checkedAt: clock.now(),
        };
      }
    },
  };
}
