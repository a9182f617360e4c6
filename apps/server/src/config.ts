import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { INSTAGRAM_GRAPH_API_URL } from './adapters/metrics/instagram-graph';
import type { MetricsSettings } from './adapters/metrics/metrics-sources';
import { TIKTOK_BUSINESS_API_URL } from './adapters/metrics/tiktok-business';
import { YOUTUBE_DATA_API_URL } from './adapters/metrics/youtube-data-api';
import { OEMBED_ENDPOINTS } from './adapters/post-links/oembed-previews';
import type { OEmbedSettings } from './adapters/post-links/post-previews';
import { parseServiceAccount, type FcmServiceAccount } from './adapters/push/service-account';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const urlWithProtocols = (protocols: string[]) =>
  z
    .url({ error: `must be a URL starting with ${protocols.join(' or ')}` })
    .refine((value) => protocols.some((protocol) => value.startsWith(protocol)), {
      error: `must start with ${protocols.join(' or ')}`,
    });

const environmentSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(['development', 'production', 'test']).default('production'),
  ),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./data')),
  DATABASE_URL: z.preprocess(emptyAsUndefined, urlWithProtocols(['postgres://', 'postgresql://']).optional()),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, urlWithProtocols(['http://', 'https://']).optional()),
  SMTP_URL: z.preprocess(emptyAsUndefined, urlWithProtocols(['smtp://', 'smtps://']).optional()),
  MAIL_FROM: z.preprocess(
    emptyAsUndefined,
    z.string().min(3).default('Campaign Platform <no-reply@localhost>'),
  ),
  SESSION_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  WEB_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  API_RATE_LIMIT_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(600)),
  LOG_FORMAT: z.preprocess(emptyAsUndefined, z.enum(['json', 'pretty']).optional()),
  ROLE: z.preprocess(emptyAsUndefined, z.enum(['all', 'api', 'worker']).default('all')),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
  API_DOCS: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).optional()),
  REDIS_URL: z.preprocess(emptyAsUndefined, urlWithProtocols(['redis://', 'rediss://']).optional()),
  HEADERS_TIMEOUT_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(120).default(10),
  ),
  // Long enough for a phone on a slow connection to upload an identity photo (up to 10 MB) whole; the
  // headers still have to arrive within HEADERS_TIMEOUT_SECONDS.
  REQUEST_TIMEOUT_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(600).default(120),
  ),
  MAX_CONNECTIONS_PER_ADDRESS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).optional()),
  INVOICE_ISSUER_NAME: z.preprocess(emptyAsUndefined, z.string().min(1).max(200).optional()),
  INVOICE_ISSUER_ADDRESS: z.preprocess(emptyAsUndefined, z.string().min(1).max(500).optional()),
  INVOICE_ISSUER_VAT_NUMBER: z.preprocess(emptyAsUndefined, z.string().min(1).max(40).optional()),
  INVOICE_ISSUER_ABN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{11}$/)
      .optional(),
  ),
  INVOICE_NUMBER_PREFIX: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      // Six at most: credit notes are numbered in a series of their own, the prefix and `CN`.
      .regex(/^[A-Z]{1,6}$/)
      .default('SB'),
  ),
  ENTRY_WRITES_CONCURRENT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(16)),
  LEADERBOARD_CACHE_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(300).default(15),
  ),
  PRIZES_SETTLE_AFTER_MINUTES: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .default(60),
  ),
  ENTRY_WRITES_QUEUED: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(64)),
  FILES_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  HMRC_API_URL: z.preprocess(
    emptyAsUndefined,
    urlWithProtocols(['https://', 'http://']).default('https://api.service.hmrc.gov.uk'),
  ),
  HMRC_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  HMRC_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  ABR_API_URL: z.preprocess(
    emptyAsUndefined,
    urlWithProtocols(['https://', 'http://']).default('https://abr.business.gov.au'),
  ),
  ABR_GUID: z.preprocess(emptyAsUndefined, z.string().optional()),
  ONFIDO_API_URL: z.preprocess(
    emptyAsUndefined,
    urlWithProtocols(['https://', 'http://']).default('https://api.eu.onfido.com'),
  ),
  ONFIDO_API_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()),
  ONFIDO_WEBHOOK_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  CLAMD_HOST: z.preprocess(emptyAsUndefined, z.string().max(255).optional()),
  CLAMD_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).default(3310)),
  CLAMD_TIMEOUT_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(3600).default(120),
  ),
  STRIPE_API_URL: z.preprocess(
    emptyAsUndefined,
    urlWithProtocols(['https://', 'http://']).default('https://api.stripe.com'),
  ),
  STRIPE_SECRET_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  FCM_SERVICE_ACCOUNT_JSON: z.preprocess(emptyAsUndefined, z.string().optional()),
  FCM_SERVICE_ACCOUNT_FILE: z.preprocess(emptyAsUndefined, z.string().optional()),
  FCM_API_URL: z.preprocess(
    emptyAsUndefined,
    urlWithProtocols(['https://', 'http://']).default('https://fcm.googleapis.com'),
  ),
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, urlWithProtocols(['https://', 'http://']).optional()),
  S3_REGION: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, { error: 'must be a region name such as eu-west-2' })
      .optional(),
  ),
  S3_BUCKET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        error: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      })
      .optional(),
  ),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().max(256).optional()),
  // Never echoed: zod's messages for these checks do not quote the value.
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().max(256).optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
  POST_LINK_RESOLUTION: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('on')),
  // Off by default: a default install has no internet to ask the platforms with.
  POST_PREVIEWS: z.preprocess(emptyAsUndefined, z.enum(['oembed', 'off']).default('off')),
  OEMBED_TIKTOK_URL: z.preprocess(
    emptyAsUndefined,
    urlWithProtocols(['https://', 'http://']).default(OEMBED_ENDPOINTS.tiktok),
  ),
  OEMBED_YOUTUBE_URL: z.preprocess(
    emptyAsUndefined,
    urlWithProtocols(['https://', 'http://']).default(OEMBED_ENDPOINTS.youtube),
  ),
  OEMBED_INSTAGRAM_URL: z.preprocess(
    emptyAsUndefined,
    urlWithProtocols(['https://', 'http://']).default(OEMBED_ENDPOINTS.instagram),
  ),
  INSTAGRAM_OEMBED_TOKEN: z.preprocess(emptyAsUndefined, z.string().max(512).optional()),
  YOUTUBE_API_KEY: z.preprocess(emptyAsUndefined, z.string().max(512).optional()),
  YOUTUBE_API_URL: z.preprocess(
    emptyAsUndefined,
    urlWithProtocols(['https://', 'http://']).default(YOUTUBE_DATA_API_URL),
  ),
  TIKTOK_BUSINESS_TOKEN: z.preprocess(emptyAsUndefined, z.string().max(512).optional()),
  TIKTOK_BUSINESS_ID: z.preprocess(emptyAsUndefined, z.string().max(256).optional()),
  TIKTOK_BUSINESS_API_URL: z.preprocess(
    emptyAsUndefined,
    urlWithProtocols(['https://', 'http://']).default(TIKTOK_BUSINESS_API_URL),
  ),
  INSTAGRAM_GRAPH_TOKEN: z.preprocess(emptyAsUndefined, z.string().max(1024).optional()),
  INSTAGRAM_GRAPH_API_URL: z.preprocess(
    emptyAsUndefined,
    urlWithProtocols(['https://', 'http://']).default(INSTAGRAM_GRAPH_API_URL),
  ),
  // Never echoed: zod's messages for these checks do not quote the value.
  METRICS_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, { error: 'must be at least 32 characters' }).max(512).optional(),
  ),
  // 32 random bytes, base64 (`openssl rand -base64 32`): the AES-256-GCM key of creators' payout details.
  PAYOUT_DETAILS_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => /^[A-Za-z0-9+/]{43}=$/.test(value), {
        error: 'must be 32 bytes in base64 (openssl rand -base64 32)',
      })
      .optional(),
  ),
});

/** What S3 needs; any one of the S3 variables set without the rest is a mistake, not a choice. */
const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_VARIABLES = [...S3_REQUIRED, 'S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE'] as const;

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionSecret: string | undefined;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  /** `pretty` for a person reading a terminal; `json` (one object per line) for log collectors. */
  logFormat: 'json' | 'pretty';
  webDistDir: string | undefined;
  trustProxy: boolean;
  /** `api` serves HTTP only, `worker` runs background jobs only, `all` does both. */
  role: 'all' | 'api' | 'worker';
  /** Requests per minute per address on /api and /server-api (a flood guard; shared through Redis when set). */
  apiRateLimitPerMinute: number;
  /** Whether /docs (the API explorer and the OpenAPI document) is served: off in production by default. */
  apiDocs: boolean;
  /** Shared store for rate limits when several API processes run; without it they live in the database. */
  redisUrl: string | undefined;
  /** How long a client may take to send its headers, and its whole request, before a 408. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** Open connections allowed from one address (0: no cap). Behind a proxy every connection is the proxy's. */
  maxConnectionsPerAddress: number;
  /** Where files are kept on local disk (identity documents, legal documents, campaign files) without S3. */
  filesDir: string;
  /** An S3 bucket that keeps every file instead of `filesDir`, when S3_BUCKET is set. */
  s3:
    | {
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      }
    | undefined;
  /** Outside providers; each is used only when its credentials are set, and says so when it is not. */
  providers: {
    hmrc: { baseUrl: string; clientId: string; clientSecret: string } | undefined;
    abr: { baseUrl: string; guid: string } | undefined;
    onfido: { baseUrl: string; apiToken: string; webhookToken: string | undefined } | undefined;
    stripe: { baseUrl: string; secretKey: string } | undefined;
    fcm: { serviceAccount: FcmServiceAccount; baseUrl: string } | undefined;
  };
  /** The virus scanner every uploaded campaign file goes through; none: files say they were not scanned. */
  clamd: { host: string; port: number; timeoutMs: number } | undefined;
  /**
   * Who issues the self-billed invoices (ADR 022): the platform's operator, as it is registered. Without a
   * name and address the invoices print a line asking the operator to set them.
   */
  invoiceIssuer: {
    name: string;
    addressLines: string[];
    vatNumber: string | undefined;
    abn: string | undefined;
    prefix: string;
  };
  /**
   * Entry writes one API process runs at once, and how many may wait for a turn; past that a creator is told
   * at once that the platform is busy (SPEC §8 code 16) instead of waiting until their request times out.
   */
  entryWrites: { concurrent: number; queued: number };
  /** How long one ranking of a leaderboard answers every viewer, in milliseconds. */
  boardCacheMs: number;
  /** How long after a leaderboard closes its prizes are given, in milliseconds. */
  prizesSettleAfterMs: number;
  /** Entries' post links (ADR 017). */
  postLinks: {
    /** POST_LINK_RESOLUTION: whether TikTok short links are followed to their post. */
    resolveShortLinks: boolean;
    /** POST_PREVIEWS=oembed: where posts' previews are asked for; none (off): every preview is offline. */
    previews: OEmbedSettings | undefined;
  };
  /** Where entries' views, likes, comments and shares are read, per platform (ADR 021); none: offline. */
  postMetrics: MetricsSettings;
  /** What partners sign metrics webhooks with (ADR 024); without it the webhook takes nothing. */
  metricsWebhookSecret: string | undefined;
  /** The key that seals creators' payout details; generated and kept in the database when unset. */
  payoutDetailsKey: Buffer | undefined;
};

/** What an invoice prints for the issuer's address until the operator sets INVOICE_ISSUER_ADDRESS. */
export const UNSET_ISSUER_ADDRESS = 'Address not set: the operator must set INVOICE_ISSUER_ADDRESS';

/** Six per browser is the norm; this leaves room for an office behind one address. */
const DEFAULT_CONNECTIONS_PER_ADDRESS = 128;

/**
 * The Firebase service account, from the variable itself or the file it names; one that cannot be read or
 * is not a service account stops the start, naming the variable.
 */
function fcmServiceAccount(values: { FCM_SERVICE_ACCOUNT_JSON?: string; FCM_SERVICE_ACCOUNT_FILE?: string }) {
  const variable = values.FCM_SERVICE_ACCOUNT_JSON ? 'FCM_SERVICE_ACCOUNT_JSON' : 'FCM_SERVICE_ACCOUNT_FILE';
  let json = values.FCM_SERVICE_ACCOUNT_JSON;
  if (!json && values.FCM_SERVICE_ACCOUNT_FILE) {
    try {
      json = readFileSync(values.FCM_SERVICE_ACCOUNT_FILE, 'utf8');
    } catch (error) {
      throw new ConfigError([
        `${variable}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      ]);
    }
  }
  if (!json) return undefined;
  try {
    return parseServiceAccount(json);
  } catch (error) {
    throw new ConfigError([`${variable}: ${(error as Error).message}`]);
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const values = parsed.data;
  const problems: string[] = [];
  if (Boolean(values.HMRC_CLIENT_ID) !== Boolean(values.HMRC_CLIENT_SECRET)) {
    problems.push(
      'HMRC_CLIENT_ID and HMRC_CLIENT_SECRET: set both to check VAT numbers with HMRC, or neither',
    );
  }
  if (values.ONFIDO_API_TOKEN && !values.ONFIDO_WEBHOOK_TOKEN) {
    problems.push('ONFIDO_WEBHOOK_TOKEN: required with ONFIDO_API_TOKEN, to verify the results Onfido sends');
  }
  problems.push(...s3Problems(values, environment));
  if (Boolean(values.TIKTOK_BUSINESS_TOKEN) !== Boolean(values.TIKTOK_BUSINESS_ID)) {
    problems.push(
      'TIKTOK_BUSINESS_TOKEN and TIKTOK_BUSINESS_ID: set both to read TikTok videos’ metrics (the token the ' +
        'account granted and its business id), or neither',
    );
  }
  if (values.INSTAGRAM_OEMBED_TOKEN && values.POST_PREVIEWS !== 'oembed') {
    problems.push(
      'INSTAGRAM_OEMBED_TOKEN: used only with POST_PREVIEWS=oembed; set that to show posts’ previews, or ' +
        'leave the token out',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const fcmAccount = fcmServiceAccount(values);
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: values.DATA_DIR,
    databaseUrl: values.DATABASE_URL,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    sessionSecret: values.SESSION_SECRET,
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    webDistDir: values.WEB_DIST_DIR,
    trustProxy: values.TRUST_PROXY === 'true',
    role: values.ROLE,
    apiRateLimitPerMinute: values.API_RATE_LIMIT_PER_MINUTE,
    apiDocs: values.API_DOCS ? values.API_DOCS === 'true' : values.NODE_ENV !== 'production',
    redisUrl: values.REDIS_URL,
    headersTimeoutMs: values.HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeoutMs: Math.max(values.REQUEST_TIMEOUT_SECONDS, values.HEADERS_TIMEOUT_SECONDS) * 1000,
    maxConnectionsPerAddress:
      values.MAX_CONNECTIONS_PER_ADDRESS ??
      (values.TRUST_PROXY === 'true' ? 0 : DEFAULT_CONNECTIONS_PER_ADDRESS),
    filesDir: values.FILES_DIR ?? join(values.DATA_DIR, 'files'),
    providers: {
      hmrc:
        values.HMRC_CLIENT_ID && values.HMRC_CLIENT_SECRET
          ? {
              baseUrl: values.HMRC_API_URL,
              clientId: values.HMRC_CLIENT_ID,
              clientSecret: values.HMRC_CLIENT_SECRET,
            }
          : undefined,
      abr: values.ABR_GUID ? { baseUrl: values.ABR_API_URL, guid: values.ABR_GUID } : undefined,
      onfido: values.ONFIDO_API_TOKEN
        ? {
            baseUrl: values.ONFIDO_API_URL,
            apiToken: values.ONFIDO_API_TOKEN,
            webhookToken: values.ONFIDO_WEBHOOK_TOKEN,
          }
        : undefined,
      stripe: values.STRIPE_SECRET_KEY
        ? { baseUrl: values.STRIPE_API_URL, secretKey: values.STRIPE_SECRET_KEY }
        : undefined,
      fcm: fcmAccount ? { serviceAccount: fcmAccount, baseUrl: values.FCM_API_URL } : undefined,
    },
    clamd: values.CLAMD_HOST
      ? { host: values.CLAMD_HOST, port: values.CLAMD_PORT, timeoutMs: values.CLAMD_TIMEOUT_SECONDS * 1000 }
      : undefined,
    invoiceIssuer: {
      name: values.INVOICE_ISSUER_NAME ?? 'Campaign Platform',
      addressLines: values.INVOICE_ISSUER_ADDRESS
        ? values.INVOICE_ISSUER_ADDRESS.split('|')
            .map((line) => line.trim())
            .filter(Boolean)
        : [UNSET_ISSUER_ADDRESS],
      vatNumber: values.INVOICE_ISSUER_VAT_NUMBER,
      abn: values.INVOICE_ISSUER_ABN,
      prefix: values.INVOICE_NUMBER_PREFIX,
    },
    entryWrites: { concurrent: values.ENTRY_WRITES_CONCURRENT, queued: values.ENTRY_WRITES_QUEUED },
    prizesSettleAfterMs: values.PRIZES_SETTLE_AFTER_MINUTES * 60_000,
    boardCacheMs: values.LEADERBOARD_CACHE_SECONDS * 1000,
    postLinks: {
      resolveShortLinks: values.POST_LINK_RESOLUTION === 'on',
      previews:
        values.POST_PREVIEWS === 'oembed'
          ? {
              endpoints: {
                tiktok: values.OEMBED_TIKTOK_URL,
                youtube: values.OEMBED_YOUTUBE_URL,
                instagram: values.OEMBED_INSTAGRAM_URL,
              },
              instagramToken: values.INSTAGRAM_OEMBED_TOKEN,
            }
          : undefined,
    },
    postMetrics: {
      youtube: values.YOUTUBE_API_KEY
        ? { baseUrl: values.YOUTUBE_API_URL, apiKey: values.YOUTUBE_API_KEY }
        : undefined,
      tiktok:
        values.TIKTOK_BUSINESS_TOKEN && values.TIKTOK_BUSINESS_ID
          ? {
              baseUrl: values.TIKTOK_BUSINESS_API_URL,
              accessToken: values.TIKTOK_BUSINESS_TOKEN,
              businessId: values.TIKTOK_BUSINESS_ID,
            }
          : undefined,
      instagram: values.INSTAGRAM_GRAPH_TOKEN
        ? { baseUrl: values.INSTAGRAM_GRAPH_API_URL, accessToken: values.INSTAGRAM_GRAPH_TOKEN }
        : undefined,
    },
    metricsWebhookSecret: values.METRICS_WEBHOOK_SECRET,
    payoutDetailsKey: values.PAYOUT_DETAILS_KEY
      ? Buffer.from(values.PAYOUT_DETAILS_KEY, 'base64')
      : undefined,
    s3:
      values.S3_BUCKET && values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: values.S3_ENDPOINT,
            // S3-compatible services mostly take any region; AWS itself needs the bucket's (checked above).
            region: values.S3_REGION ?? 'us-east-1',
            bucket: values.S3_BUCKET,
            accessKeyId: values.S3_ACCESS_KEY_ID,
            secretAccessKey: values.S3_SECRET_ACCESS_KEY,
            forcePathStyle: values.S3_FORCE_PATH_STYLE === 'true',
          }
        : undefined,
  };
}

/**
 * S3 is all or nothing: once any S3 variable is set, the bucket and both keys must be, or files would go
 * to local disk on a machine meant to share them (or to no bucket at all). AWS itself (no S3_ENDPOINT)
 * also needs the bucket's region, since a request signed for another region is refused. Names only, never
 * values: the secret must not reach a log.
 */
function s3Problems(
  values: z.infer<typeof environmentSchema>,
  environment: Record<string, string | undefined>,
): string[] {
  const isSet = (name: string) => Boolean(environment[name]?.trim());
  const given = S3_VARIABLES.filter(isSet);
  if (given.length === 0) return [];
  const problems: string[] = [];
  const missing = S3_REQUIRED.filter((name) => !values[name]);
  if (missing.length > 0) {
    problems.push(
      `${missing.join(', ')}: required with ${given.join(', ')}; to keep files in S3 set S3_BUCKET, ` +
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or none of the S3 variables to keep them on local disk',
    );
  }
  if (!values.S3_ENDPOINT && !values.S3_REGION) {
    problems.push(
      "S3_REGION: required for AWS S3 (without S3_ENDPOINT): the bucket's region, such as eu-west-2",
    );
  }
  return problems;
}
