import { Button, Stack, Text } from '@mantine/core';
import { AUTH_MESSAGES } from '@platform/shared';
import { useState } from 'react';
import { ConfirmationSheet } from '../../../components/display/ConfirmationSheet';
import { errorMessage } from '../../../lib/api-errors';
import { useDeactivateAccount } from '../api/deactivate';

export interface DeactivateAccountProps {
  creatorId: string;
  /** The server's own words on what happens next; the session has ended by then. */
  onDeactivated: (message: string) => void;
}

/** Deactivation, confirmed in a sheet that says plainly what it means for payments (SPEC §7). */
export function DeactivateAccount({ creatorId, onDeactivated }: DeactivateAccountProps) {
  const [open, setOpen] = useState(false);
  const deactivate = useDeactivateAccount();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Stack gap="sm">
      <Text size="sm">
        You will be signed out everywhere and will not be able to sign in again. Payments already approved
        will still be paid; entries and payments still waiting for approval will not be approved.
      </Text>
      <Button color="red" variant="light" onClick={() => setOpen(true)} style={{ alignSelf: 'flex-start' }}>
        Deactivate my account
      </Button>
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
      <ConfirmationSheet
        opened={open}
        onCancel={() => setOpen(false)}
        title="Deactivate your account?"
        message="You will be signed out everywhere. Payments already approved will still be paid; anything still waiting for approval will not be."
        confirmLabel="Deactivate"
        confirmColor="red"
        onConfirm={async () => {
          try {
            const message = await deactivate.mutateAsync(creatorId);
            setOpen(false);
            onDeactivated(typeof message === 'string' ? message : '');
          } catch (error) {
            setOpen(false);
            setProblem(errorMessage(error, { fallback: AUTH_MESSAGES.unknownError }));
          }
        }}
      />
    </Stack>
  );
}
