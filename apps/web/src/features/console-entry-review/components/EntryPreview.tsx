import { Anchor, Text } from '@mantine/core';
import { PLATFORM_LABELS, type CampaignEntry } from '@platform/shared';
import { IconExternalLink } from '@tabler/icons-react';

// Most entries are filmed upright: a box this size shows an upright video at a readable size and a wide
// one whole, without making every row of the queue tall.
const VIDEO_WIDTH = 180;
const VIDEO_HEIGHT = 240;

/**
 * What a reviewer looks at: an uploaded video plays in place (only its length and size load with the
 * page, so a queue of videos stays light); a post opens on its platform.
 */
export function EntryPreview({ entry, creatorName }: { entry: CampaignEntry; creatorName: string }) {
  if (entry.kind === 'VIDEO') {
    if (!entry.videoUrl) {
      return (
        <Text size="sm" c="dimmed">
          The video cannot be played yet: it is still being checked.
        </Text>
      );
    }
    return (
      <video
        controls
        preload="metadata"
        src={entry.videoUrl}
        aria-label={`Video of ${creatorName}`}
        width={VIDEO_WIDTH}
        height={VIDEO_HEIGHT}
        style={{
          display: 'block',
          objectFit: 'contain',
          background: 'var(--mantine-color-black)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      />
    );
  }
  if (!entry.postLink) {
    return (
      <Text size="sm" c="dimmed">
        No post link.
      </Text>
    );
  }
  return (
    <Anchor href={entry.postLink} target="_blank" rel="noopener noreferrer" size="sm">
      View post on {PLATFORM_LABELS[entry.platform]}{' '}
      <IconExternalLink size={14} aria-hidden="true" style={{ verticalAlign: -2 }} />
    </Anchor>
  );
}
