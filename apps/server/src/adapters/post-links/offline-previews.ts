import type { PostPreviews } from './post-previews';

/**
 * The default (POST_PREVIEWS=off), since a default install has no internet: no provider is asked, and
 * every link says so, for the card to show the platform's icon and 'View Post' instead.
 */
export function createOfflinePreviews(): PostPreviews {
  return {
    async previewUrl() {
      return { kind: 'unavailable', reason: 'offline' };
    },
  };
}
