import { z } from 'zod';

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
  REQUEST_TIMEOUT_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(600).default(30),
  ),
  MAX_CONNECTIONS_PER_ADDRESS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).optional()),
});

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
};

/** Six per browser is the norm; this leaves room for an office behind one address. */
const DEFAULT_CONNECTIONS_PER_ADDRESS = 128;

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
  };
}
