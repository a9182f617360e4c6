import { Anchor, Badge, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import type { CampaignAsset } from '@platform/shared';
import type { ReactNode } from 'react';
import { ASSET_KIND_ICONS } from '../../../components/display/asset-kind-icons';
import { RemoteImage } from '../../../components/display/RemoteImage';
import { formatFileSize } from '../../../components/inputs/file-size';
import { assetImageSrc, assetStatusView, isPicture } from './asset-status';

export interface AssetCardProps {
  asset: CampaignAsset;
  isCover: boolean;
  /** The card's own buttons (use as cover, remove), when the person may change the files. */
  actions?: ReactNode;
}

/** One of the campaign's files: a thumbnail or its kind's icon, its name and size, and its scan. */
export function AssetCard({ asset, isCover, actions }: AssetCardProps) {
  const status = assetStatusView(asset);
  const src = isPicture(asset) ? assetImageSrc(asset) : null;
  const KindIcon = ASSET_KIND_ICONS[asset.fileType] ?? IconFile;
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={asset.fileName}>
      <Group wrap="nowrap" gap="sm" align="flex-start">
        {src ? (
          <RemoteImage src={src} alt={`Thumbnail of ${asset.fileName}`} width={64} height={64} radius="sm" />
        ) : (
          <ThemeIcon size={64} radius="sm" variant="light" color="gray" aria-hidden="true">
            <KindIcon size={28} stroke={1.5} />
          </ThemeIcon>
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          {asset.url ? (
            <Anchor
              href={asset.url}
              target="_blank"
              rel="noopener noreferrer"
              fw={500}
              size="sm"
              truncate
              title={`Open ${asset.fileName}`}
            >
              {asset.fileName}
            </Anchor>
          ) : (
            <Text fw={500} size="sm" truncate title={asset.fileName}>
              {asset.fileName}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {asset.fileType.toUpperCase()} · {formatFileSize(asset.size)}
          </Text>
          <Group gap={6} wrap="wrap">
            <Badge
              color={status.color}
              variant="light"
              leftSection={
                status.busy ? <Loader size={10} color={status.color} aria-hidden="true" /> : undefined
              }
            >
              {status.label}
            </Badge>
            {isCover && (
              <Badge color="indigo" variant="filled">
                Cover
              </Badge>
            )}
          </Group>
          {status.note && (
            <Text size="xs" c={status.color === 'red' ? 'red' : 'dimmed'}>
              {status.note}
            </Text>
          )}
        </Stack>
        {actions}
      </Group>
    </Paper>
  );
}
