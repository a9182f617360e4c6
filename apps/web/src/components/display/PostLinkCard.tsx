import { Anchor, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  isValidUrl,
  parsePostLink,
  PLATFORM_LABELS,
  postIdentity,
  postLinkAccount,
  type PostLinkPlatform,
} from '@platform/shared';
import {
  IconBrandInstagram,
  IconBrandSnapchat,
  IconBrandTiktok,
  IconBrandYoutube,
  IconExternalLink,
  IconLink,
  type Icon,
} from '@tabler/icons-react';
import { Fragment, useId } from 'react';

const PLATFORM_ICONS: Record<PostLinkPlatform, { icon: Icon; color: string }> = {
  TikTok: { icon: IconBrandTiktok, color: 'dark' },
  Youtube: { icon: IconBrandYoutube, color: 'red' },
  Instagram: { icon: IconBrandInstagram, color: 'pink' },
  Snapchat: { icon: IconBrandSnapchat, color: 'yellow' },
};

const GENERIC_LINK = { icon: IconLink, color: 'gray' };

/** The address to open: a recognised post's normalised link, or any other well-formed web address. */
function linkTarget(url: string): string | null {
  const post = parsePostLink(url);
  if (post) return post.url;
  const link = url.trim();
  if (!isValidUrl(link)) return null;
  return /^https?:\/\//i.test(link) ? link : `https://${link}`;
}

/**
 * What tells one post from another at a glance: the account its link names and the post's own id
 * ('@casey · post 7301234567890'), since two links of one creator differ only at their end, which a phone
 * cuts off. The link itself where it is not a recognised post.
 */
function postSummary(url: string): string[] {
  const account = postLinkAccount(url);
  const postId = postIdentity(url)?.split(':').slice(1).join(':');
  return [account ? `@${account}` : null, postId ? `post ${postId}` : null].filter(
    (part): part is string => part !== null,
  );
}

// Each part of a summary wraps as a whole ('@casey ·' above 'post 7301234567890'), breaking inside only
// when it is wider than the card itself.
const SUMMARY_PART_STYLE = { display: 'inline-block', maxWidth: '100%', overflowWrap: 'anywhere' } as const;

export interface PostLinkCardProps {
  /** The post link as the creator entered it. */
  url: string;
  /** Shown above the link, for example the campaign or entry name; defaults to the platform's name. */
  title?: string;
}

/**
 * A creator's post: the platform's icon, the account and post it is, and a 'View Post' link that opens the
 * post in a new tab. Links that
 * are not a recognised post get a generic link icon; text that is not a web address is shown, not linked.
 */
export function PostLinkCard({ url, title }: PostLinkCardProps) {
  const post = parsePostLink(url);
  const { icon: PlatformIcon, color } = post ? PLATFORM_ICONS[post.platform] : GENERIC_LINK;
  const platformLabel = post ? PLATFORM_LABELS[post.platform] : 'Link';
  const href = linkTarget(url);
  const summary = postSummary(url);
  const parts = title === undefined ? summary : [platformLabel, ...summary];
  const newTabNoteId = useId();

  return (
    <Paper withBorder radius="md" p="md" data-platform={post?.platform ?? 'other'}>
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          <PlatformIcon size={26} stroke={1.75} aria-hidden="true" />
        </ThemeIcon>
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          {/* The link sits beside the title, so the account and post below have the card's width. */}
          <Group gap="xs" wrap="nowrap" justify="space-between" align="baseline">
            <Text fw={600} truncate>
              {title ?? platformLabel}
            </Text>
            {href ? (
              <>
                <Anchor
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  fw={600}
                  size="sm"
                  aria-describedby={newTabNoteId}
                  style={{ whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center', gap: 4 }}
                >
                  View Post
                  <IconExternalLink size={16} aria-hidden="true" />
                </Anchor>
                <span id={newTabNoteId} hidden>
                  Opens in a new tab
                </span>
              </>
            ) : (
              <Text size="sm" c="red" style={{ whiteSpace: 'nowrap' }}>
                Not a valid link
              </Text>
            )}
          </Group>
          {summary.length > 0 ? (
            <Text size="sm" c="dimmed" title={url}>
              {parts.map((part, index) =>
                index < parts.length - 1 ? (
                  <Fragment key={part}>
                    <span style={SUMMARY_PART_STYLE}>{`${part}\u00a0·`}</span>{' '}
                  </Fragment>
                ) : (
                  <span key={part} style={SUMMARY_PART_STYLE}>
                    {part}
                  </span>
                ),
              )}
            </Text>
          ) : (
            // A link that is not a recognised post is cut short; its whole text shows on hover.
            <Text size="sm" c="dimmed" title={url} truncate>
              {title === undefined ? url : `${platformLabel} · ${url}`}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
