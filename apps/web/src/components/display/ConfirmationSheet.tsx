import { Button, Drawer, Flex, Text, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFocusReturn } from './use-focus-return';
import { usePendingAction } from './use-pending-action';

export interface ConfirmationSheetProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  /** Runs when the person confirms; the confirm button shows a spinner until it settles. Close the sheet
   * from here once it succeeds; if it fails the sheet stays open for another try. */
  onConfirm: () => Promise<unknown> | void;
  /** Cancel, Escape and a tap outside the sheet; none of them work while the confirmation runs. */
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** For example 'red' when the action cannot be undone. */
  confirmColor?: MantineColor;
}

const TOP_ROUNDED = {
  borderTopLeftRadius: 'var(--mantine-radius-xl)',
  borderTopRightRadius: 'var(--mantine-radius-xl)',
};

// As tall as its content: a bottom drawer otherwise takes the whole screen.
const SHEET_CONTENT = { ...TOP_ROUNDED, height: 'auto', maxHeight: '90dvh' };

/** Asks the person to confirm an action, in a sheet that slides up from the bottom of the screen. */
export function ConfirmationSheet({
  opened,
  title,
  message,
  onConfirm,
  onCancel,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  confirmColor,
}: ConfirmationSheetProps) {
  const confirm = usePendingAction(onConfirm);
  useFocusReturn(opened);
  return (
    <Drawer
      opened={opened}
      onClose={onCancel}
      position="bottom"
      returnFocus={false}
      padding="lg"
      title={title}
      withCloseButton={false}
      closeOnEscape={!confirm.pending}
      closeOnClickOutside={!confirm.pending}
      styles={{
        content: SHEET_CONTENT,
        header: { ...TOP_ROUNDED, justifyContent: 'center' },
        title: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 700, textAlign: 'center' },
        body: { maxWidth: 480, marginInline: 'auto' },
      }}
    >
      <Text ta="center" c="dimmed" component="div">
        {message}
      </Text>
      <Flex direction={{ base: 'column', xs: 'row-reverse' }} gap="sm" mt="lg">
        <Button fullWidth color={confirmColor} loading={confirm.pending} onClick={() => void confirm.run()}>
          {confirmLabel}
        </Button>
        <Button fullWidth variant="default" disabled={confirm.pending} onClick={onCancel} data-autofocus>
          {cancelLabel}
        </Button>
      </Flex>
    </Drawer>
  );
}
