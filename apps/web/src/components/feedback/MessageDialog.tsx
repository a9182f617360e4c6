import { Button, Modal, Stack, Text } from '@mantine/core';
import type { MessageModalProps } from './MessageModal';

export default function MessageDialog({
  opened,
  onClose,
  title,
  message,
  confirmLabel = 'Okay',
}: MessageModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered withCloseButton={false}>
      <Stack gap="lg">
        <Text style={{ whiteSpace: 'pre-line' }}>{message}</Text>
        <Button onClick={onClose} data-autofocus fullWidth>
          {confirmLabel}
        </Button>
      </Stack>
    </Modal>
  );
}
