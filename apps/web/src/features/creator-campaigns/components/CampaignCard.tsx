import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatMoney, PLATFORM_LABELS, type CreatorCampaignCard } from '@platform/shared';
import { Link } from 'react-router';
import { AssetImage } from '../../../components/display/AssetImage';
import { campaignTiming, entriesCount } from '../utils/campaign-terms';
import { rateText } from '../utils/pay-per-view-terms';
import { campaignReaderPath } from '../paths';
import { BudgetLeft } from './BudgetLeft';
import classes from './CampaignCard.module.css';

/** What the campaign pays at a glance: a pay-per-view one its rate, any other the most it pays. */
function payText(campaign: CreatorCampaignCard): string {
  if (campaign.rewardType === 'PAY_PER_VIEW' && campaign.ratePerThousand !== null)
    return rateText(campaign.ratePerThousand, campaign.maxPayout.currency);
  return `Up to ${formatMoney(campaign.maxPayout.amount, campaign.maxPayout.currency)}`;
}

/**
 * A campaign in the creator's list: what it is, where it stands in time (and why it is paused), what it
 * pays and how much of its budget is left.
 */
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
        {campaign.status === 'PAUSED' && (
          <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {campaign.pausedReason
              ? `Paused: ${campaign.pausedReason}`
              : 'Paused: it takes no new entries for now.'}
          </Text>
        )}
        <Group gap="xs" justify="space-between">
          <Text size="sm" fw={600}>
            {payText(campaign)}
          </Text>
          <Text size="xs" c="dimmed">
            {entriesCount(campaign.campaignEntriesCount)}
          </Text>
        </Group>
        <BudgetLeft campaign={campaign} />
      </Stack>
    </Card>
  );
}
