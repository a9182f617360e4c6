import { createHmac, randomUUID } from 'node:crypto';
import {
  startFakeHttpServer,
  type FakeHandler,
  type FakeReply,
  type RecordedRequest,
} from '../fake-http-server';

// A stand-in for Onfido's API v3.6 (DESIGN §10): applicants, SDK tokens and checks kept in memory and
// answered in Onfido's documented shapes, errors included. Tests swap the handler (`respondWith`) for
// rate limits, outages and time-outs, and move a check along with `setCheckOutcome`.

export type FakeOnfidoCheckStatus =
  'in_progress' | 'awaiting_applicant' | 'complete' | 'withdrawn' | 'paused' | 'reopened';

export type FakeOnfidoCheck = {
  id: string;
  applicant_id: string;
  created_at: string;
  status: FakeOnfidoCheckStatus | (string & {});
  result: 'clear' | 'consider' | null;
  report_names: string[];
  href: string;
  results_uri: string;
};

const API_PREFIX = '/v3.6';
const SDK_TOKEN_LIFETIME_SECONDS = 90 * 60;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO3 = /^[A-Z]{3}$/;

/** Onfido's error body. */
export function onfidoError(
  status: number,
  type: string,
  message: string,
  fields: Record<string, unknown> = {},
): FakeReply {
  return { status, body: { error: { type, message, fields } } };
}

const notFound = () =>
  onfidoError(
    404,
    'resource_not_found',
    'The resource could not be found. Please check the resource ID and try again.',
  );

const validationError = (fields: Record<string, string[]>) =>
  onfidoError(422, 'validation_error', 'There was a validation error on this request', fields);

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Onfido's SDK tokens are JWTs; this one is shaped alike, with an expiry, and signed by nobody. */
function fakeSdkToken(applicantId: string, referrer: string, nowSeconds: number) {
  const claims = {
    exp: nowSeconds + SDK_TOKEN_LIFETIME_SECONDS,
    payload: { app: applicantId, ref: referrer },
  };
  return `${base64url({ alg: 'HS256' })}.${base64url(claims)}.${randomUUID().replaceAll('-', '')}`;
}

function readJson(request: RecordedRequest): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(request.body);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const isNonEmptyString = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

export async function startFakeOnfido(options: { apiToken: string }) {
  const applicants = new Map<string, Record<string, unknown>>();
  const checks = new Map<string, FakeOnfidoCheck>();

  const createApplicant = (body: Record<string, unknown>): FakeReply => {
    const fields: Record<string, string[]> = {};
    if (!isNonEmptyString(body.first_name)) fields.first_name = ["can't be blank"];
    if (!isNonEmptyString(body.last_name)) fields.last_name = ["can't be blank"];
    if (body.email !== undefined && !(typeof body.email === 'string' && body.email.includes('@'))) {
      fields.email = ['invalid format'];
    }
    if (body.dob !== undefined && !(typeof body.dob === 'string' && DATE.test(body.dob))) {
      fields.dob = ['must be a date in the format YYYY-MM-DD'];
    }
    const address = body.address as Record<string, unknown> | undefined;
    if (address !== undefined) {
      if (!isNonEmptyString(address.postcode)) fields['address.postcode'] = ["can't be blank"];
      if (!(typeof address.country === 'string' && ISO3.test(address.country))) {
        fields['address.country'] = ['must be a 3-letter ISO code'];
      }
    }
    const location = body.location as Record<string, unknown> | undefined;
    if (location !== undefined) {
      const country = location.country_of_residence;
      if (!(typeof country === 'string' && ISO3.test(country))) {
        fields['location.country_of_residence'] = ['must be a 3-letter ISO code'];
      }
    }
    if (Object.keys(fields).length > 0) return validationError(fields);

    const id = randomUUID();
    const applicant = {
      id,
      created_at: new Date().toISOString(),
      delete_at: null,
      href: `${API_PREFIX}/applicants/${id}`,
      first_name: body.first_name,
      last_name: body.last_name,
      email: body.email ?? null,
      dob: body.dob ?? null,
      address: body.address ?? null,
      location: body.location ?? null,
      id_numbers: [],
      phone_number: null,
      sandbox: true,
    };
    applicants.set(id, applicant);
    return { status: 201, body: applicant };
  };

  const createSdkToken = (body: Record<string, unknown>): FakeReply => {
    if (!isNonEmptyString(body.applicant_id)) return validationError({ applicant_id: ["can't be blank"] });
    if (!applicants.has(body.applicant_id)) return notFound();
    const referrer = typeof body.referrer === 'string' ? body.referrer : '*';
    return {
      status: 200,
      body: { token: fakeSdkToken(body.applicant_id, referrer, Math.floor(Date.now() / 1000)) },
    };
  };

  const createCheck = (body: Record<string, unknown>): FakeReply => {
    const reportNames = body.report_names;
    const fields: Record<string, string[]> = {};
    if (!isNonEmptyString(body.applicant_id)) fields.applicant_id = ["can't be blank"];
    if (!Array.isArray(reportNames) || reportNames.length === 0) fields.report_names = ["can't be blank"];
    if (Object.keys(fields).length > 0) return validationError(fields);
    if (!applicants.has(body.applicant_id as string)) return notFound();

    const id = randomUUID();
    const check: FakeOnfidoCheck = {
      id,
      applicant_id: body.applicant_id as string,
      created_at: new Date().toISOString(),
      status: 'in_progress',
      result: null,
      report_names: reportNames as string[],
      href: `${API_PREFIX}/checks/${id}`,
      results_uri: `https://dashboard.onfido.com/checks/${id}`,
    };
    checks.set(id, check);
    return { status: 201, body: { ...check, applicant_provides_data: false, tags: [], report_ids: [] } };
  };

  const answerAsOnfido: FakeHandler = (request) => {
    if (request.headers.authorization !== `Token token=${options.apiToken}`) {
      return onfidoError(401, 'authorization_error', 'Authorization error: please re-check your credentials');
    }
    const path = new URL(request.url, 'http://fake-onfido').pathname;
    if (!path.startsWith(`${API_PREFIX}/`)) return notFound();
    const route = `${request.method} ${path.slice(API_PREFIX.length)}`;

    if (request.method === 'POST') {
      const body = readJson(request);
      if (!body) return onfidoError(400, 'invalid_request', 'The request body is not valid JSON');
      if (route === 'POST /applicants') return createApplicant(body);
      if (route === 'POST /sdk_token') return createSdkToken(body);
      if (route === 'POST /checks') return createCheck(body);
    }
    const checkId = /^GET \/checks\/([^/]+)$/.exec(route)?.[1];
    if (checkId !== undefined) {
      const check = checks.get(decodeURIComponent(checkId));
      return check ? { status: 200, body: check } : notFound();
    }
    return notFound();
  };

  const server = await startFakeHttpServer(answerAsOnfido);

  return {
    url: server.url,
    requests: server.requests,
    applicants,
    checks,
    /** Moves a check along as Onfido would while its reports run. */
    setCheckOutcome(checkId: string, status: FakeOnfidoCheck['status'], result: FakeOnfidoCheck['result']) {
      const check = checks.get(checkId);
      if (!check) throw new Error(`The fake Onfido has no check ${checkId}`);
      check.status = status;
      check.result = result;
    },
    /** Answers every request from now on with `next` (an outage, a rate limit, a slow answer). */
    respondWith(next: FakeHandler) {
      server.respondWith(next);
    },
    /** Back to answering as Onfido. */
    answerAsOnfido() {
      server.respondWith(answerAsOnfido);
    },
    close: () => server.close(),
  };
}
export type FakeOnfido = Awaited<ReturnType<typeof startFakeOnfido>>;

/** A webhook body as Onfido sends it for a check event, serialised as it would be on the wire. */
export function onfidoCheckWebhookBody(check: {
  id: string;
  status: string;
  action?: string;
  completedAt?: string;
}): string {
  return JSON.stringify({
    payload: {
      resource_type: 'check',
      action: check.action ?? 'check.completed',
      object: {
        id: check.id,
        status: check.status,
        ...(check.completedAt ? { completed_at_iso8601: check.completedAt } : {}),
        href: `https://api.eu.onfido.com${API_PREFIX}/checks/${check.id}`,
      },
    },
  });
}

/** The `X-SHA2-Signature` Onfido would send with `rawBody`. */
export function signOnfidoWebhook(rawBody: string | Buffer, webhookToken: string): string {
  return createHmac('sha256', webhookToken).update(rawBody).digest('hex');
}
