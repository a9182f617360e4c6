import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useFocusReturn } from './use-focus-return';
import { usePendingAction } from './use-pending-action';

export interface ModalDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  /** Runs on the submit button or Enter in a field; the button shows a spinner until it settles. Close the
   * dialog from here once it succeeds; if it fails the dialog stays open for another try. */
  onSubmit: () => Promise<unknown> | void;
  /** Cancel, Escape, the close button and a click outside; none of them work while the submit runs. */
  onClose: () => void;
  submitLabel?: string;
  cancelLabel?: string;
  submitDisabled?: boolean;
}

/** A dialog with cancel and submit buttons; its content is a form, so Enter in a field submits it. */
export function ModalDialog({
  opened,
  title,
  children,
  onSubmit,
  onClose,
  submitLabel = 'Submit',
  cancelLabel = 'Cancel',
  submitDisabled = false,
}: ModalDialogProps) {
  const submit = usePendingAction(onSubmit);
  useFocusReturn(opened);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!submitDisabled) void submit.run();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      returnFocus={false}
      closeOnEscape={!submit.pending}
      closeOnClickOutside={!submit.pending}
      closeButtonProps={{ 'aria-label': 'Close', disabled: submit.pending }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          {children}
          <Group justify="flex-end" gap="sm" grow preventGrowOverflow={false}>
            <Button variant="default" onClick={onClose} disabled={submit.pending}>
              {cancelLabel}
            </Button>
            <Button type="submit" loading={submit.pending} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
