import { Alert, Stack, Text } from '@mantine/core';
import { ModalDialog } from '../../../components/display/ModalDialog';

export interface CreatorActionDialogProps {
  title: string;
  message: string;
  submitLabel: string;
  error: string | null;
  onSubmit: () => Promise<unknown>;
  onClose: () => void;
}

/** Asks before an action on a creator; its own chunk, since a dialog's code outweighs the page's. */
export function CreatorActionDialog({
  title,
  message,
  submitLabel,
  error,
  onSubmit,
  onClose,
}: CreatorActionDialogProps) {
  return (
    <ModalDialog opened title={title} submitLabel={submitLabel} onClose={onClose} onSubmit={onSubmit}>
      <Stack gap="sm">
        <Text size="sm">{message}</Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </ModalDialog>
  );
}
