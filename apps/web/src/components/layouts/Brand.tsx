import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { APP_NAME } from '../../lib/app-info';

export function Brand() {
  return (
    <Group gap="xs" justify="center" wrap="nowrap">
      <ThemeIcon
        size={36}
        radius="md"
        variant="gradient"
        gradient={{ from: 'indigo', to: 'violet', deg: 135 }}
      >
        <IconSpeakerphone size={20} stroke={1.75} aria-hidden="true" />
      </ThemeIcon>
      <Text fw={700} size="lg">
        {APP_NAME}
      </Text>
    </Group>
  );
}
