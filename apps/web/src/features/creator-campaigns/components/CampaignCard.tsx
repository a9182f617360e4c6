import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatMoney, PLATFORM_LABELS, type CreatorCampaignCard } from '@platform/shared';
import { Link } from 'react-router';
import { AssetImage } from '../../../components/display/AssetImage';
import { campaignTiming, entriesCount } from '../utils/campaign-terms';
import { campaignReaderPath } from '../paths';
import classes from './CampaignCard.module.css';

/** A campaign in the creator's list: what it is, where it stands in time, and the most it pays. */
export function CampaignCard({ campaign, now }: { campaign: CreatorCampaignCard; now: Date }) {
  const timing = campaignTiming(campaign, now);
  const cover = campaign.coverThumbnailPath ?? campaign.coverImagePath;
  return (
    <Card withBorder radius="md" padding="sm" className={classes.card} component="article">
      {cover !== null && (
        <Card.Section mb="sm">
          <AssetImage assetKey={cover} alt="" height={140} radius={0} />
        </Card.Section>
      )}
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Badge color={timing.color} variant="light" style={{ flexShrink: 0 }}>
            {timing.label}
          </Badge>
          <Text size="xs" c="dimmed" ta="right">
            {timing.when}
          </Text>
        </Group>
        <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
          <Link to={campaignReaderPath(campaign.id)} className={classes.link}>
            {campaign.name}
          </Link>
        </Title>
        <Text size="sm" c="dimmed">
          {campaign.brandOrArtist} · {PLATFORM_LABELS[campaign.platform]}
        </Text>
        <Group gap="xs" justify="space-between">
          <Text size="sm" fw={600}>
            Up to {formatMoney(campaign.maxPayout.amount, campaign.maxPayout.currency)}
          </Text>
          <Text size="xs" c="dimmed">
            {entriesCount(campaign.campaignEntriesCount)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
