import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has working defaults for a one-command start', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      role: 'all',
    });
    expect(loadConfig({}).jobsPollMaxMs).toBeUndefined();
    expect(loadConfig({ JOBS_POLL_MAX_SECONDS: '5' }).jobsPollMaxMs).toBe(5000);
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://campaigns.example.com/' }).publicUrl).toBe(
      'https://campaigns.example.com',
    );
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['PUBLIC_URL', 'campaigns.example.com'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['SESSION_SECRET', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['ROLE', 'everything'],
    ['JOBS_POLL_MAX_SECONDS', '0'],
    ['JOBS_POLL_MAX_SECONDS', 'often'],
  ])('refuses a bad %s and names it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});

describe('S3 settings', () => {
  const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
  const complete = {
    S3_BUCKET: 'campaign-files',
    S3_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
    S3_SECRET_ACCESS_KEY: SECRET,
  };
  const problemsOf = (environment: Record<string, string>) => {
    try {
      loadConfig(environment);
    } catch (error) {
      if (error instanceof ConfigError) return error;
      throw error;
    }
    throw new Error('the configuration was accepted');
  };

  it('keeps files on local disk when no S3 variable is set, or each is empty', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: '', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' }).s3).toBeUndefined();
  });

  it('uses an S3-compatible service at S3_ENDPOINT, in any region unless told', () => {
    expect(
      loadConfig({ ...complete, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' }).s3,
    ).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'campaign-files',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: SECRET,
      forcePathStyle: true,
    });
  });

  it('uses AWS S3 in the bucket’s region without an endpoint, and asks for the region', () => {
    expect(loadConfig({ ...complete, S3_REGION: 'eu-west-2' }).s3).toMatchObject({
      endpoint: undefined,
      region: 'eu-west-2',
      forcePathStyle: false,
    });
    expect(problemsOf(complete).problems).toEqual([expect.stringMatching(/^S3_REGION: required for AWS S3/)]);
  });

  it.each([
    [{ S3_BUCKET: 'campaign-files' }, 'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required with S3_BUCKET'],
    [
      { S3_BUCKET: 'campaign-files', S3_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE' },
      'S3_SECRET_ACCESS_KEY: required with S3_BUCKET, S3_ACCESS_KEY_ID',
    ],
    [
      { S3_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE', S3_SECRET_ACCESS_KEY: SECRET },
      'S3_BUCKET: required with S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    ],
    [
      { S3_ENDPOINT: 'https://s3.example.com' },
      'S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required with S3_ENDPOINT',
    ],
  ])('refuses S3 half set (%j), naming what is missing', (environment, message) => {
    const error = problemsOf({ S3_REGION: 'eu-west-2', ...environment });
    expect(error.problems).toEqual([expect.stringContaining(message)]);
    expect(error.message).not.toContain(SECRET);
  });

  it.each([
    ['S3_ENDPOINT', 'ftp://s3.example.com'],
    ['S3_BUCKET', 'Campaign_Files'],
    ['S3_BUCKET', 'a'],
    ['S3_REGION', 'EU West'],
    ['S3_FORCE_PATH_STYLE', 'yes'],
  ])('refuses a bad %s and names it', (name, value) => {
    expect(() => loadConfig({ ...complete, S3_REGION: 'eu-west-2', [name]: value })).toThrow(
      new RegExp(`${name}:`),
    );
  });

  it('never repeats the secret access key, even one it refuses', () => {
    const tooLong = `${SECRET}${'x'.repeat(300)}`;
    const error = problemsOf({ ...complete, S3_REGION: 'eu-west-2', S3_SECRET_ACCESS_KEY: tooLong });
    expect(error.message).toMatch(/S3_SECRET_ACCESS_KEY:/);
    expect(error.message).not.toContain(SECRET);
  });
});

describe('post-link settings', () => {
  const TOKEN = '1234567890123456|Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe';

  it('follows TikTok short links and keeps previews offline by default', () => {
    expect(loadConfig({}).postLinks).toEqual({ resolveShortLinks: true, previews: undefined });
    expect(loadConfig({ POST_LINK_RESOLUTION: '', POST_PREVIEWS: '' }).postLinks).toEqual({
      resolveShortLinks: true,
      previews: undefined,
    });
  });

  it('stops following short links with POST_LINK_RESOLUTION=off', () => {
    expect(loadConfig({ POST_LINK_RESOLUTION: 'off' }).postLinks.resolveShortLinks).toBe(false);
  });

  it('asks the providers’ own oEmbed endpoints with POST_PREVIEWS=oembed', () => {
    expect(loadConfig({ POST_PREVIEWS: 'oembed' }).postLinks.previews).toEqual({
      endpoints: {
        tiktok: 'https://www.tiktok.com/oembed',
        youtube: 'https://www.youtube.com/oembed',
        instagram: 'https://graph.facebook.com/v19.0/instagram_oembed',
      },
      instagramToken: undefined,
    });
  });

  it('takes other oEmbed endpoints and Instagram’s app token', () => {
    const previews = loadConfig({
      POST_PREVIEWS: 'oembed',
      OEMBED_TIKTOK_URL: 'http://127.0.0.1:4010/tiktok/oembed',
      OEMBED_YOUTUBE_URL: 'http://127.0.0.1:4010/youtube/oembed',
      OEMBED_INSTAGRAM_URL: 'http://127.0.0.1:4010/instagram/oembed',
      INSTAGRAM_OEMBED_TOKEN: TOKEN,
    }).postLinks.previews;
    expect(previews).toEqual({
      endpoints: {
        tiktok: 'http://127.0.0.1:4010/tiktok/oembed',
        youtube: 'http://127.0.0.1:4010/youtube/oembed',
        instagram: 'http://127.0.0.1:4010/instagram/oembed',
      },
      instagramToken: TOKEN,
    });
  });

  it('refuses an Instagram token while previews are off, without repeating it', () => {
    let problem: ConfigError | undefined;
    try {
      loadConfig({ INSTAGRAM_OEMBED_TOKEN: TOKEN });
    } catch (error) {
      if (error instanceof ConfigError) problem = error;
    }
    expect(problem?.problems).toEqual([
      expect.stringMatching(/^INSTAGRAM_OEMBED_TOKEN: used only with POST_PREVIEWS=oembed/),
    ]);
    expect(problem?.message).not.toContain(TOKEN);
  });

  it.each([
    ['POST_LINK_RESOLUTION', 'yes'],
    ['POST_PREVIEWS', 'on'],
    ['OEMBED_TIKTOK_URL', 'www.tiktok.com/oembed'],
    ['OEMBED_YOUTUBE_URL', 'ftp://www.youtube.com/oembed'],
    ['OEMBED_INSTAGRAM_URL', 'graph.facebook.com'],
  ])('refuses a bad %s and names it', (name, value) => {
    expect(() => loadConfig({ POST_PREVIEWS: 'oembed', [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});

describe('post-metrics settings', () => {
  const KEY = 'AIzaSyD-config-test-key-0123456789abcd';
  const TOKEN = 'act.config0test0token0123456789abcdef';

  it('reads every platform offline by default', () => {
    expect(loadConfig({}).postMetrics).toEqual({
      youtube: undefined,
      tiktok: undefined,
      instagram: undefined,
    });
  });

  it('asks each platform’s own API with its key or token', () => {
    expect(
      loadConfig({
        YOUTUBE_API_KEY: KEY,
        TIKTOK_BUSINESS_TOKEN: TOKEN,
        TIKTOK_BUSINESS_ID: 'business-42',
        INSTAGRAM_GRAPH_TOKEN: 'IGAAconfigtesttoken',
      }).postMetrics,
    ).toEqual({
      youtube: { baseUrl: 'https://www.googleapis.com', apiKey: KEY },
      tiktok: { baseUrl: 'https://business-api.tiktok.com', accessToken: TOKEN, businessId: 'business-42' },
      instagram: { baseUrl: 'https://graph.instagram.com/v22.0', accessToken: 'IGAAconfigtesttoken' },
    });
  });

  it('takes other addresses for the APIs', () => {
    const { postMetrics } = loadConfig({
      YOUTUBE_API_KEY: KEY,
      YOUTUBE_API_URL: 'http://127.0.0.1:4020',
      TIKTOK_BUSINESS_TOKEN: TOKEN,
      TIKTOK_BUSINESS_ID: 'business-42',
      TIKTOK_BUSINESS_API_URL: 'http://127.0.0.1:4021',
      INSTAGRAM_GRAPH_TOKEN: 'IGAAconfigtesttoken',
      INSTAGRAM_GRAPH_API_URL: 'http://127.0.0.1:4022/v22.0',
    });
    expect(postMetrics.youtube?.baseUrl).toBe('http://127.0.0.1:4020');
    expect(postMetrics.tiktok?.baseUrl).toBe('http://127.0.0.1:4021');
    expect(postMetrics.instagram?.baseUrl).toBe('http://127.0.0.1:4022/v22.0');
  });

  it.each([[{ TIKTOK_BUSINESS_TOKEN: TOKEN }], [{ TIKTOK_BUSINESS_ID: 'business-42' }]])(
    'asks for the TikTok token and business id together, without repeating the token',
    (environment) => {
      let problem: ConfigError | undefined;
      try {
        loadConfig(environment);
      } catch (error) {
        if (error instanceof ConfigError) problem = error;
      }
      expect(problem?.problems).toEqual([
        expect.stringMatching(/^TIKTOK_BUSINESS_TOKEN and TIKTOK_BUSINESS_ID: set both/),
      ]);
      expect(problem?.message).not.toContain(TOKEN);
    },
  );

  it.each([
    ['YOUTUBE_API_URL', 'www.googleapis.com'],
    ['TIKTOK_BUSINESS_API_URL', 'ftp://business-api.tiktok.com'],
    ['INSTAGRAM_GRAPH_API_URL', 'graph.instagram.com/v22.0'],
  ])('refuses a bad %s and names it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});

describe('metrics webhook secret', () => {
  const SECRET = 'whsec_config0test0secret0123456789abcdef';

  it('takes no webhook without it, and the secret as given with it', () => {
    expect(loadConfig({}).metricsWebhookSecret).toBeUndefined();
    expect(loadConfig({ METRICS_WEBHOOK_SECRET: '' }).metricsWebhookSecret).toBeUndefined();
    expect(loadConfig({ METRICS_WEBHOOK_SECRET: SECRET }).metricsWebhookSecret).toBe(SECRET);
  });

  it('refuses a secret short enough to guess, without repeating it', () => {
    let problem: ConfigError | undefined;
    try {
      loadConfig({ METRICS_WEBHOOK_SECRET: 'short-secret' });
    } catch (error) {
      if (error instanceof ConfigError) problem = error;
    }
    expect(problem?.problems).toEqual([
      expect.stringMatching(/^METRICS_WEBHOOK_SECRET: must be at least 32/),
    ]);
    expect(problem?.message).not.toContain('short-secret');
  });
});

describe('payout details key', () => {
  const KEY = 'q6Fz0n8m3kXJ9pYw2Rv7Tb4Lc1Hs5Ue0Da8Gi6Ok3Wl=';

  it('leaves the key to be generated without it, and reads 32 bytes of base64 with it', () => {
    expect(loadConfig({}).payoutDetailsKey).toBeUndefined();
    expect(loadConfig({ PAYOUT_DETAILS_KEY: KEY }).payoutDetailsKey).toEqual(Buffer.from(KEY, 'base64'));
    expect(loadConfig({ PAYOUT_DETAILS_KEY: KEY }).payoutDetailsKey).toHaveLength(32);
  });

  it('refuses a key of any other length, without repeating it', () => {
    const short = KEY.slice(0, 20);
    let problem: ConfigError | undefined;
    try {
      loadConfig({ PAYOUT_DETAILS_KEY: short });
    } catch (error) {
      if (error instanceof ConfigError) problem = error;
    }
    expect(problem?.problems).toEqual([
      expect.stringMatching(/^PAYOUT_DETAILS_KEY: must be 32 bytes in base64/),
    ]);
    expect(problem?.message).not.toContain(short);
  });
});
