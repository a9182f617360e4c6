import { parsePostLink } from '@platform/shared';
import type { EntriesContext } from '../entries.context';

/** GET /server-api/campaigns/entry/preview-url/{link}: the post's preview image, or '' without one. */
export async function postPreviewUrl(context: EntriesContext, link: string): Promise<string> {
  const post = parsePostLink(link);
  if (!post || post.platform === 'Snapchat') return '';
  const preview = await context.previews.previewUrl(post.url, post.platform);
  return preview.kind === 'preview' ? preview.thumbnailUrl : '';
}
