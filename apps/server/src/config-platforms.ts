import { INSTAGRAM_POST_FACTS_URL } from './adapters/post-facts/instagram-post-facts';
import type { PostFactsSettings } from './adapters/post-facts/post-facts-for';
import { TIKTOK_DISPLAY_API_URL } from './adapters/post-facts/tiktok-post-facts';
import { FACEBOOK_GRAPH_VERSION } from './adapters/social-accounts/instagram-accounts';
import type { SocialAccountsSettings } from './adapters/social-accounts/social-accounts-for';
import type { Environment } from './config-environment';

/**
 * The readers of posts' publish dates and authors: YouTube's with the install's API key; TikTok's and
 * Instagram's wherever creators can connect those accounts, since they ask with the creator's own token.
 */
export function postFactsOf(values: Environment): PostFactsSettings | undefined {
  const origin = values.SOCIAL_PLATFORMS_URL?.replace(/\/+$/, '');
  const settings: PostFactsSettings = {
    ...(values.YOUTUBE_API_KEY
      ? { youtube: { baseUrl: origin ?? values.YOUTUBE_API_URL, apiKey: values.YOUTUBE_API_KEY } }
      : {}),
    ...(values.TIKTOK_LOGIN_CLIENT_KEY ? { tiktok: { baseUrl: origin ?? TIKTOK_DISPLAY_API_URL } } : {}),
    ...(values.FACEBOOK_APP_ID
      ? { instagram: { baseUrl: origin ? `${origin}/${FACEBOOK_GRAPH_VERSION}` : INSTAGRAM_POST_FACTS_URL } }
      : {}),
  };
  return Object.keys(settings).length > 0 ? settings : undefined;
}

/**
 * What proves a handle on this install: a platform's OAuth app where both its id and secret are set, and
 * the readers of public bios (YouTube with its API key alone; TikTok's Research API; Instagram's business
 * discovery through the operator's own professional account and its Graph token).
 */
export function socialAccountsOf(values: Environment): SocialAccountsSettings | undefined {
  const origin = values.SOCIAL_PLATFORMS_URL?.replace(/\/+$/, '');
  const everyHost = <Host extends string>(hosts: readonly Host[]) =>
    origin ? Object.fromEntries(hosts.map((host) => [host, origin])) : {};
  const both = <A, B>(first: A | undefined, second: B | undefined) =>
    first !== undefined && second !== undefined ? ([first, second] as const) : undefined;
  const google = both(values.GOOGLE_OAUTH_CLIENT_ID, values.GOOGLE_OAUTH_CLIENT_SECRET);
  const tiktokLogin = both(values.TIKTOK_LOGIN_CLIENT_KEY, values.TIKTOK_LOGIN_CLIENT_SECRET);
  const tiktokResearch = both(values.TIKTOK_RESEARCH_CLIENT_KEY, values.TIKTOK_RESEARCH_CLIENT_SECRET);
  const facebook = both(values.FACEBOOK_APP_ID, values.FACEBOOK_APP_SECRET);
  const discovery = both(values.INSTAGRAM_DISCOVERY_USER_ID, values.INSTAGRAM_GRAPH_TOKEN);
  const settings: SocialAccountsSettings = {
    ...(google || values.YOUTUBE_API_KEY
      ? {
          youtube: {
            ...(google ? { oauth: { clientId: google[0], clientSecret: google[1] } } : {}),
            ...(values.YOUTUBE_API_KEY ? { apiKey: values.YOUTUBE_API_KEY } : {}),
            baseUrls: everyHost(['authorization', 'token', 'api'] as const),
          },
        }
      : {}),
    ...(tiktokLogin || tiktokResearch
      ? {
          tiktok: {
            ...(tiktokLogin ? { oauth: { clientKey: tiktokLogin[0], clientSecret: tiktokLogin[1] } } : {}),
            ...(tiktokResearch
              ? { research: { clientKey: tiktokResearch[0], clientSecret: tiktokResearch[1] } }
              : {}),
            baseUrls: everyHost(['authorization', 'api'] as const),
          },
        }
      : {}),
    ...(facebook || discovery
      ? {
          instagram: {
            ...(facebook ? { oauth: { appId: facebook[0], appSecret: facebook[1] } } : {}),
            ...(discovery ? { discovery: { igUserId: discovery[0], accessToken: discovery[1] } } : {}),
            baseUrls: everyHost(['dialog', 'graph'] as const),
          },
        }
      : {}),
  };
  return Object.keys(settings).length > 0 ? settings : undefined;
}
