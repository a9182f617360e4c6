import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatRemaining } from '@platform/shared';
import { Link } from 'react-router';
import { useInvitations } from '../api/rsvp';
import { useNow } from '../../../lib/use-now';
import { campaignReaderPath } from '../paths';

/**
 * The invitations a creator can still answer, on their home screen; nothing at all when there are none
 * (or they cannot be read: the campaigns page is one tap away).
 */
export default function CampaignInvitations() {
  const invitations = useInvitations();
  const now = useNow();
  if (!invitations.data || invitations.data.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="invitations-heading">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id="invitations-heading">
            You’re invited
          </Title>
          <Badge variant="filled" circle>
            {invitations.data.length}
          </Badge>
        </Group>
        {invitations.data.map(({ rsvp, campaign }) => (
          <Stack key={rsvp.id} gap={0}>
            <Anchor component={Link} to={campaignReaderPath(campaign.id)} fw={600}>
              {campaign.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {campaign.brandOrArtist} · {formatRemaining(campaign.endsAt, now)}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
