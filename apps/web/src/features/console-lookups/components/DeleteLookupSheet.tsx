import { Stack, Text } from '@mantine/core';
import { LOOKUP_KIND_NAMES, type LookupKind } from '@platform/shared';
import { ConfirmationSheet } from '../../../components/display/ConfirmationSheet';
import { FieldError } from '../../../components/form/FieldError';
import type { LookupDeletion } from '../hooks/use-lookup-deletion';

export interface DeleteLookupSheetProps {
  kind: LookupKind;
  deletion: LookupDeletion;
}

/** The server decides whether a delete archives (the lookup is in use); the sheet says so up front. */
export function DeleteLookupSheet({ kind, deletion }: DeleteLookupSheetProps) {
  const { singular } = LOOKUP_KIND_NAMES[kind];
  const name = deletion.shown?.name ?? '';
  const inUse =
    kind === 'question'
      ? 'If it is in use (a question with answers is), it will be archived instead'
      : 'If it is in use, it will be archived instead';
  return (
    <ConfirmationSheet
      opened={deletion.target !== null}
      title={`Delete this ${singular}?`}
      message={
        <Stack gap="xs">
          <Text inherit>
            “{name}” will be deleted. {inUse}: what already uses it keeps it, and creators no longer see it.
          </Text>
          {deletion.failure && (
            <Text c="red" size="sm" role="alert" component="div">
              <FieldError message={deletion.failure} />
            </Text>
          )}
        </Stack>
      }
      confirmLabel="Delete"
      confirmColor="red"
      onConfirm={deletion.confirm}
      onCancel={deletion.cancel}
    />
  );
}
