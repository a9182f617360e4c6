import { Badge, Group } from '@mantine/core';
import type { CampaignStatus } from '@platform/shared';
import { STATUS_COLORS, STATUS_LABELS } from './campaign-labels';

export interface CampaignStatusBadgeProps {
  status: CampaignStatus;
  archived?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

/** A campaign's status, and whether it is archived, as badges. */
export function CampaignStatusBadge({ status, archived = false, size = 'md' }: CampaignStatusBadgeProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={STATUS_COLORS[status]} variant="light" size={size} miw="max-content">
        {STATUS_LABELS[status]}
      </Badge>
      {archived && (
        <Badge color="gray" variant="outline" size={size} miw="max-content">
          Archived
        </Badge>
      )}
    </Group>
  );
}
