import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import { LEGAL_MESSAGES } from '@platform/shared';

export interface PlaceholderNoticeProps {
  onPublish: () => void;
}

/** Creators still read the texts that came with the platform: the operator's own must replace them. */
export function PlaceholderNotice({ onPublish }: PlaceholderNoticeProps) {
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Placeholder documents in use"
      icon={<IconAlertTriangle aria-hidden="true" />}
    >
      <Text size="sm">{LEGAL_MESSAGES.placeholdersInUse}</Text>
      <Button
        size="xs"
        color="yellow"
        mt="sm"
        leftSection={<IconUpload size={14} aria-hidden="true" />}
        onClick={onPublish}
      >
        Publish your own
      </Button>
    </Alert>
  );
}
