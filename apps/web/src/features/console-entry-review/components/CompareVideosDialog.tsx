import { Box, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useFocusReturn } from '../../../components/display/use-focus-return';

export interface ComparedVideo {
  title: string;
  url: string | null;
}

function Side({ video }: { video: ComparedVideo }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h6">
        {video.title}
      </Title>
      {video.url ? (
        <video
          controls
          preload="metadata"
          src={video.url}
          aria-label={video.title}
          style={{
            display: 'block',
            width: '100%',
            maxHeight: '60vh',
            objectFit: 'contain',
            background: 'var(--mantine-color-black)',
            borderRadius: 'var(--mantine-radius-sm)',
          }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          This video cannot be played here.
        </Text>
      )}
    </Stack>
  );
}

/** The entry's video and what it resembles, side by side, with how close they are. */
export function CompareVideosDialog({
  opened,
  onClose,
  entry,
  other,
  summary,
}: {
  opened: boolean;
  onClose: () => void;
  entry: ComparedVideo;
  other: ComparedVideo;
  summary: string;
}) {
  useFocusReturn(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Compare the videos"
      size="xl"
      centered
      returnFocus={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="md">
        <Text size="sm">{summary}. 0 is the same video, 0.2 and above unrelated ones.</Text>
        <Box>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Side video={entry} />
            <Side video={other} />
          </SimpleGrid>
        </Box>
      </Stack>
    </Modal>
  );
}
