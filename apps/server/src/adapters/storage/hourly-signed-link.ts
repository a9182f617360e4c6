import type { Clock } from '../../clock';
import type { FileStorage } from './file-storage';

/** Links last between one and two hours, and stay the same within the hour so browsers cache them. */
const LINK_WINDOW_SECONDS = 3600;

/**
 * A signed link to read a stored file that is the same URL until the hour turns, so a page reloaded keeps
 * what it fetched (an image, a video's first seconds) in the browser's cache.
 */
export async function hourlySignedLink(
  storage: FileStorage,
  clock: Clock,
  key: string,
  downloadName?: string,
): Promise<string> {
  const now = Math.floor(clock.now().getTime() / 1000);
  const windowStart = Math.floor(now / LINK_WINDOW_SECONDS) * LINK_WINDOW_SECONDS;
  const signed = await storage.signedUrl({
    method: 'GET',
    key,
    signedAt: new Date(windowStart * 1000),
    expiresInSeconds: 2 * LINK_WINDOW_SECONDS,
    ...(downloadName ? { downloadName } : {}),
  });
  return signed.url;
}
