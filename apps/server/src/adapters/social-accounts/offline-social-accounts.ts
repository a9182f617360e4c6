import {
  isSocialAccountPlatform,
  type PlatformProfileReader,
  type ProfileReader,
  type SocialAccountPlatform,
  type SocialAccounts,
} from './social-accounts';

/**
 * A ProfileReader that asks each platform's reader the operator configured. A platform with none answers
 * 'not-configured'; a platform whose profiles cannot be read at all (Snapchat), 'unsupported'.
 */
export function profileReaderOf(readers: readonly PlatformProfileReader[]): ProfileReader {
  const byPlatform = new Map<SocialAccountPlatform, PlatformProfileReader>(
    readers.map((reader) => [reader.platform, reader]),
  );
  return {
    async readProfile(platform, handle) {
      if (!isSocialAccountPlatform(platform)) return { kind: 'unavailable', reason: 'unsupported' };
      const reader = byPlatform.get(platform);
      return reader ? reader.read(handle) : { kind: 'unavailable', reason: 'not-configured' };
    },
  };
}

/** Without any platform's credentials: no OAuth connection, and every bio 'not-configured'. Nothing is asked. */
export function createOfflineSocialAccounts(): SocialAccounts {
  return { oauth: {}, profiles: profileReaderOf([]) };
}
