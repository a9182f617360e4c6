import type { Clock } from '../../clock';
import {
  createInstagramAccountOAuth,
  createInstagramProfileReader,
  type FacebookHost,
} from './instagram-accounts';
import { createOfflineSocialAccounts, profileReaderOf } from './offline-social-accounts';
import type {
  BaseUrls,
  PlatformProfileReader,
  SocialAccounts,
  SocialAccountsLogger,
} from './social-accounts';
import { createTikTokAccountOAuth, createTikTokProfileReader, type TikTokHost } from './tiktok-accounts';
import { createYouTubeAccountOAuth, createYouTubeProfileReader, type GoogleHost } from './youtube-accounts';

/** What the operator configured for each platform; each part left out is a way that platform is not offered. */
export type SocialAccountsSettings = {
  youtube?: {
    /** A Google OAuth client (web application) with the YouTube Data API v3 enabled: OAuth connection. */
    oauth?: { clientId: string; clientSecret: string };
    /** An API key for the YouTube Data API v3: channel descriptions, for bio codes. */
    apiKey?: string;
    baseUrls?: BaseUrls<GoogleHost>;
  };
  tiktok?: {
    /** A TikTok app with Login Kit (user.info.basic, user.info.profile): OAuth connection. */
    oauth?: { clientKey: string; clientSecret: string };
    /** An approved Research API client: public bios, for bio codes. */
    research?: { clientKey: string; clientSecret: string };
    baseUrls?: BaseUrls<TikTokHost>;
  };
  instagram?: {
    /** A Meta app with Facebook Login: OAuth connection of professional accounts. */
    oauth?: { appId: string; appSecret: string };
    /** The operator's own professional account and its token: other accounts' bios (business discovery). */
    discovery?: { igUserId: string; accessToken: string };
    graphVersion?: string;
    baseUrls?: BaseUrls<FacebookHost>;
  };
};

export type SocialAccountsOptions = { timeoutMs?: number; logger?: SocialAccountsLogger; clock?: Clock };

/** The connections and bio readers the settings allow; with none at all, the offline answer. */
export function socialAccountsFor(
  settings: SocialAccountsSettings | undefined,
  options: SocialAccountsOptions = {},
): SocialAccounts {
  const { youtube, tiktok, instagram } = settings ?? {};
  if (!youtube && !tiktok && !instagram) return createOfflineSocialAccounts();
  const common = options;
  const accounts: SocialAccounts['oauth'] = {};
  const readers: PlatformProfileReader[] = [];

  if (youtube?.oauth) {
    accounts.Youtube = createYouTubeAccountOAuth({
      ...common,
      ...youtube.oauth,
      baseUrls: youtube.baseUrls ?? {},
    });
  }
  if (youtube?.apiKey) {
    readers.push(
      createYouTubeProfileReader({ ...common, apiKey: youtube.apiKey, baseUrls: youtube.baseUrls ?? {} }),
    );
  }
  if (tiktok?.oauth) {
    accounts.TikTok = createTikTokAccountOAuth({
      ...common,
      ...tiktok.oauth,
      baseUrls: tiktok.baseUrls ?? {},
    });
  }
  if (tiktok?.research) {
    readers.push(
      createTikTokProfileReader({ ...common, ...tiktok.research, baseUrls: tiktok.baseUrls ?? {} }),
    );
  }
  const facebook = {
    ...common,
    baseUrls: instagram?.baseUrls ?? {},
    ...(instagram?.graphVersion ? { graphVersion: instagram.graphVersion } : {}),
  };
  if (instagram?.oauth) accounts.Instagram = createInstagramAccountOAuth({ ...facebook, ...instagram.oauth });
  if (instagram?.discovery)
    readers.push(createInstagramProfileReader({ ...facebook, ...instagram.discovery }));

  return { oauth: accounts, profiles: profileReaderOf(readers) };
}
