import '@mantine/dropzone/styles.css';
import { ActionIcon, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconStar, IconTrash, IconUpload } from '@tabler/icons-react';
import {
  CAMPAIGN_ASSET_ACCEPT,
  CAMPAIGN_ASSET_ACCEPT_ATTRIBUTE,
  isServableScanStatus,
  UPLOAD_MAX_BYTES,
  type CampaignAsset,
  type CampaignDetail,
} from '@platform/shared';
import { lazy, Suspense, useRef, useState } from 'react';
import { failureText } from '../../../components/feedback/failure';
import { FieldError } from '../../../components/form/FieldError';
import { UploadPreview } from '../../../components/inputs/FileUploadField';
import { useDeleteAsset } from '../api/delete-asset';
import { useAssetUploads } from '../hooks/use-asset-uploads';
import { AssetCard } from './AssetCard';

// The sheet (a drawer, with its overlay and focus trap) loads the first time a file is to be removed.
const ConfirmationSheet = lazy(() =>
  import('../../../components/display/ConfirmationSheet').then((module) => ({
    default: module.ConfirmationSheet,
  })),
);

const ACCEPTED_SUMMARY = Object.values(CAMPAIGN_ASSET_ACCEPT)
  .flatMap((kind) => kind.extensions.map((extension) => extension.toUpperCase()))
  .join(', ');

export interface CampaignAssetsProps {
  campaign: CampaignDetail;
  /** The cover chosen in the form; saved with the rest of the campaign. */
  coverAssetId: string | null;
  onCoverChange: (assetId: string | null) => void;
  coverError?: string;
}

/** The cover must be an image the server may serve (scanned clean, or not scanned at all). */
const canBeCover = (asset: CampaignAsset) =>
  asset.fileType === 'image' && isServableScanStatus(asset.scanStatus);

/**
 * The campaign's files: upload (several at once, each with its progress), the list with thumbnails and
 * scan results, removal, and the choice of cover image. Files are saved as they upload; the cover is
 * saved with the campaign.
 */
export function CampaignAssets({ campaign, coverAssetId, onCoverChange, coverError }: CampaignAssetsProps) {
  const uploads = useAssetUploads(campaign.id);
  const remove = useDeleteAsset();
  const openRef = useRef<() => void>(null);
  const [removing, setRemoving] = useState<CampaignAsset | null>(null);
  const [shownRemoving, setShownRemoving] = useState<CampaignAsset | null>(null);
  if (removing !== null && removing !== shownRemoving) setShownRemoving(removing);
  const [removeFailure, setRemoveFailure] = useState<string | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    setRemoveFailure(null);
    try {
      await remove.mutateAsync({ campaignId: campaign.id, assetId: removing.id });
      if (coverAssetId === removing.id) onCoverChange(null);
      setRemoving(null);
    } catch (error) {
      setRemoveFailure(failureText(error));
    }
  };

  return (
    <Stack gap="md">
      <Dropzone
        onDrop={(files) => uploads.add(files)}
        onReject={(rejections) => uploads.add(rejections.map((rejection) => rejection.file))}
        multiple
        openRef={openRef}
        activateOnClick={false}
        activateOnKeyboard={false}
        tabIndex={-1}
        inputProps={{ 'aria-label': 'Upload files', accept: CAMPAIGN_ASSET_ACCEPT_ATTRIBUTE }}
        radius="md"
        p="md"
      >
        <Stack align="center" gap="xs">
          <IconUpload size={28} stroke={1.5} aria-hidden="true" />
          <Text size="sm" ta="center">
            Drag files here or
          </Text>
          <Button variant="light" onClick={() => openRef.current?.()}>
            Choose files
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {ACCEPTED_SUMMARY} · up to {Math.floor(UPLOAD_MAX_BYTES / (1024 * 1024))} MB each
          </Text>
        </Stack>
      </Dropzone>

      {uploads.uploads.length > 0 && (
        <Stack gap="xs" aria-label="Uploads" role="list">
          {uploads.uploads.map((upload) => (
            <Stack key={upload.key} gap={4} role="listitem">
              <UploadPreview
                label={`Upload of ${upload.file.name}`}
                name={upload.file.name}
                size={upload.file.size}
                type={upload.file.type}
                status={upload.status}
                percent={upload.percent}
                onRemove={() => uploads.dismiss(upload.key)}
                onRetry={upload.status === 'FAILED' ? () => uploads.retry(upload.key) : undefined}
              />
              {upload.problem && (
                <Text size="sm" c="red" role="alert" component="div">
                  <FieldError message={upload.problem} />
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      )}

      {coverError && (
        <Text size="sm" c="red" role="alert" component="div">
          <FieldError message={coverError} />
        </Text>
      )}

      {campaign.assets.length === 0 ? (
        <Text size="sm" c="dimmed">
          No files yet. Add the images, videos, sounds or documents creators need; choose an image as the
          cover.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {campaign.assets.map((asset) => {
            const isCover = asset.id === coverAssetId;
            return (
              <AssetCard
                key={asset.id}
                asset={asset}
                isCover={isCover}
                actions={
                  <Group gap={4} wrap="nowrap">
                    {canBeCover(asset) && !isCover && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        leftSection={<IconStar size={14} aria-hidden="true" />}
                        aria-label={`Use ${asset.fileName} as the cover`}
                        onClick={() => onCoverChange(asset.id)}
                      >
                        Use as cover
                      </Button>
                    )}
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Remove ${asset.fileName}`}
                      onClick={() => {
                        setRemoveFailure(null);
                        setRemoving(asset);
                      }}
                    >
                      <IconTrash size={18} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                }
              />
            );
          })}
        </SimpleGrid>
      )}

      {shownRemoving && (
        <Suspense fallback={null}>
          <ConfirmationSheet
            opened={removing !== null}
            title="Remove this file?"
            message={
              <Stack gap="xs">
                <Text inherit>
                  “{shownRemoving.fileName}” is removed from the campaign at once
                  {shownRemoving.id === coverAssetId
                    ? ', and the campaign has no cover until you choose one'
                    : ''}
                  .
                </Text>
                {removeFailure && (
                  <Text c="red" size="sm" role="alert" component="div">
                    <FieldError message={removeFailure} />
                  </Text>
                )}
              </Stack>
            }
            confirmLabel="Remove file"
            confirmColor="red"
            onConfirm={confirmRemove}
            onCancel={() => setRemoving(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
