import { z } from 'zod';
import { INSTAGRAM_GRAPH_API_URL } from './adapters/metrics/instagram-graph';
import { TIKTOK_BUSINESS_API_URL } from './adapters/metrics/tiktok-business';
import { YOUTUBE_DATA_API_URL } from './adapters/metrics/youtube-data-api';
import { OEMBED_ENDPOINTS } from './adapters/post-links/oembed-previews';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const urlWithProtocols = (protocols: string[]) =>
  z
    .url({ error: `must be a URL starting with ${protocols.join(' or ')}` })
    .refine((value) => protocols.some((protocol) => value.startsWith(protocol)), {
      error: `must start with ${protocols.join(' or ')}`,
    });

/** Every environment variable the server reads, with its default and what makes it invalid. */
export const environmentSchema = z.object({
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
    z.coerce.number().int().min(0).max(300).default(0),
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
  JOBS_POLL_MAX_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(3600).optional()),
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
  FFMPEG_PATH: z.preprocess(emptyAsUndefined, z.string().max(1000).default('ffmpeg')),
  FFPROBE_PATH: z.preprocess(emptyAsUndefined, z.string().max(1000).default('ffprobe')),
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
  // Proving handles (ADR 036): each platform's OAuth app, and what reads other accounts' public bios.
  GOOGLE_OAUTH_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().max(512).optional()),
  GOOGLE_OAUTH_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().max(512).optional()),
  TIKTOK_LOGIN_CLIENT_KEY: z.preprocess(emptyAsUndefined, z.string().max(256).optional()),
  TIKTOK_LOGIN_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().max(512).optional()),
  TIKTOK_RESEARCH_CLIENT_KEY: z.preprocess(emptyAsUndefined, z.string().max(256).optional()),
  TIKTOK_RESEARCH_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().max(512).optional()),
  FACEBOOK_APP_ID: z.preprocess(emptyAsUndefined, z.string().max(256).optional()),
  FACEBOOK_APP_SECRET: z.preprocess(emptyAsUndefined, z.string().max(512).optional()),
  INSTAGRAM_DISCOVERY_USER_ID: z.preprocess(emptyAsUndefined, z.string().max(256).optional()),
  // One origin standing in for every platform's hosts for the handle proofs: a test double or an egress proxy.
  SOCIAL_PLATFORMS_URL: z.preprocess(emptyAsUndefined, urlWithProtocols(['https://', 'http://']).optional()),
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
export const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
export const S3_VARIABLES = [...S3_REQUIRED, 'S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE'] as const;

export type Environment = z.infer<typeof environmentSchema>;
