import { Stack, Text } from '@mantine/core';
import type { Territory } from '@platform/shared';
import { useState } from 'react';
import { ConfirmationSheet } from '../../../components/display/ConfirmationSheet';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { FieldError } from '../../../components/form/FieldError';
import { failureText } from '../../../components/feedback/failure';
import { useArchiveTerritory } from '../api/archive-territory';

export interface ArchiveTerritorySheetProps {
  /** The territory to archive; null closes the sheet. */
  territory: Pick<Territory, 'id' | 'name'> | null;
  onClose: () => void;
}

/** Asks before archiving a territory; what the server refuses shows in the sheet, which stays open. */
export function ArchiveTerritorySheet({ territory, onClose }: ArchiveTerritorySheetProps) {
  const archive = useArchiveTerritory();
  // The last territory stays named while the sheet slides away.
  const [shown, setShown] = useState(territory);
  if (territory && territory !== shown) setShown(territory);
  const [failure, setFailure] = useState<{ territoryId: string; message: string } | null>(null);

  const confirm = async () => {
    if (!territory) return;
    setFailure(null);
    try {
      await archive.mutateAsync(territory.id);
      showSuccessToast(`“${territory.name}” is archived: creators no longer see it.`, 'Territory archived');
      onClose();
    } catch (error) {
      setFailure({
        territoryId: territory.id,
        message: failureText(error),
      });
    }
  };

  return (
    <ConfirmationSheet
      opened={territory !== null}
      title="Archive this territory?"
      message={
        <Stack gap="xs">
          <Text inherit>
            “{shown?.name}” will no longer be offered to creators or changed, and its managers stop seeing it.
          </Text>
          {failure && failure.territoryId === territory?.id && (
            <Text c="red" size="sm" role="alert" component="div">
              <FieldError message={failure.message} />
            </Text>
          )}
        </Stack>
      }
      confirmLabel="Archive territory"
      confirmColor="red"
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
