import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MetricsSettings } from './adapters/metrics/metrics-sources';
import type { OEmbedSettings } from './adapters/post-links/post-previews';
import type { PostFactsSettings } from './adapters/post-facts/post-facts-for';
import type { SocialAccountsSettings } from './adapters/social-accounts/social-accounts-for';
import { parseServiceAccount, type FcmServiceAccount } from './adapters/push/service-account';
import { postFactsOf, socialAccountsOf } from './config-platforms';
import { environmentSchema, S3_REQUIRED, S3_VARIABLES, type Environment } from './config-environment';

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
  logLevel: Environment['LOG_LEVEL'];
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
  /** The ffmpeg and ffprobe binaries that fingerprint uploaded videos (ADR 036); on the PATH by default. */
  videoTools: { ffmpegPath: string; ffprobePath: string };
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
  /**
   * How long a leaderboard's first places, once read, answer every viewer of this process, in milliseconds
   * (LEADERBOARD_CACHE_SECONDS, default 0: every request reads the kept ranks, ADR 039).
   */
  boardCacheMs: number;
  /** How long after a leaderboard closes its prizes are given, in milliseconds. */
  prizesSettleAfterMs: number;
  /**
   * The longest a worker's recurring look waits for its next run, in milliseconds (JOBS_POLL_MAX_SECONDS);
   * undefined: each job keeps its own interval, up to ten minutes.
   */
  jobsPollMaxMs: number | undefined;
  /** Entries' post links (ADR 017). */
  postLinks: {
    /** POST_LINK_RESOLUTION: whether TikTok short links are followed to their post. */
    resolveShortLinks: boolean;
    /** POST_PREVIEWS=oembed: where posts' previews are asked for; none (off): every preview is offline. */
    previews: OEmbedSettings | undefined;
  };
  /** Where entries' views, likes, comments and shares are read, per platform (ADR 021); none: offline. */
  postMetrics: MetricsSettings;
  /** What proves creators' handles (ADR 036); undefined: evidence for Support only. */
  socialAccounts: SocialAccountsSettings | undefined;
  /** Who is asked when a post was published and by whom: YouTube with its API key, the others with creators' tokens. */
  postFacts: PostFactsSettings | undefined;
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
  const problems = crossVariableProblems(values, environment);
  if (problems.length > 0) throw new ConfigError(problems);
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
    providers: providersOf(values),
    videoTools: { ffmpegPath: values.FFMPEG_PATH, ffprobePath: values.FFPROBE_PATH },
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
    jobsPollMaxMs:
      values.JOBS_POLL_MAX_SECONDS === undefined ? undefined : values.JOBS_POLL_MAX_SECONDS * 1000,
    boardCacheMs: values.LEADERBOARD_CACHE_SECONDS * 1000,
    postLinks: postLinksOf(values),
    postMetrics: postMetricsOf(values),
    socialAccounts: socialAccountsOf(values),
    postFacts: postFactsOf(values),
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

/** Settings that only make sense together, or one with another. Names only: a value may be a secret. */
function crossVariableProblems(
  values: Environment,
  environment: Record<string, string | undefined>,
): string[] {
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
  return problems;
}

/** The outside providers configured: tax checks, identity checks, payouts, push. */
function providersOf(values: Environment): Config['providers'] {
  const fcmAccount = fcmServiceAccount(values);
  return {
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
  };
}

function postLinksOf(values: Environment): Config['postLinks'] {
  return {
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
  };
}

function postMetricsOf(values: Environment): Config['postMetrics'] {
  return {
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
  };
}

/**
 * S3 is all or nothing: once any S3 variable is set, the bucket and both keys must be, or files would go
 * to local disk on a machine meant to share them (or to no bucket at all). AWS itself (no S3_ENDPOINT)
 * also needs the bucket's region, since a request signed for another region is refused. Names only, never
 * values: the secret must not reach a log.
 */
function s3Problems(values: Environment, environment: Record<string, string | undefined>): string[] {
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
