import { Button, Modal, Stack, Text } from '@mantine/core';
import { useFocusReturn } from '../display/use-focus-return';
import type { MessageModalProps } from './MessageModal';

export default function MessageDialog({
  opened,
  onClose,
  title,
  message,
  confirmLabel = 'Okay',
}: MessageModalProps) {
  useFocusReturn(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      withCloseButton={false}
      returnFocus={false}
    >
      <Stack gap="lg">
        <Text style={{ whiteSpace: 'pre-line' }}>{message}</Text>
        <Button onClick={onClose} data-autofocus fullWidth>
          {confirmLabel}
        </Button>
      </Stack>
    </Modal>
  );
}
