import { Badge, DataList, Paper, Stack, Text, Title } from '@mantine/core';
import type { CreatorInfo, WalletState } from '@platform/shared';
import { IconTargetArrow } from '@tabler/icons-react';
import { ButtonLink } from '../../../components/ButtonLink';
import { paths } from '../../../lib/paths';

const WALLET_LABELS: Record<WalletState, { label: string; color: string }> = {
  ready: { label: 'Ready', color: 'teal' },
  'needs-action': { label: 'Needs your details', color: 'yellow' },
  retrying: { label: 'Being set up', color: 'yellow' },
  failed: { label: 'Support will be in touch', color: 'red' },
  none: { label: 'Not set up', color: 'gray' },
};

/** An ACTIVE creator's home: the way to campaigns, and where their account stands. */
export function CreatorHome({ info }: { info: CreatorInfo }) {
  const wallet = WALLET_LABELS[info.wallet.state];
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Welcome{info.profile ? `, ${info.profile.firstName}` : ''}
      </Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm" align="center" ta="center">
          <IconTargetArrow size={32} stroke={1.5} aria-hidden="true" />
          <Text fw={600}>Your account is ready for campaigns</Text>
          <Text size="sm" c="dimmed">
            See what brands are running in your country: the rules and rewards of each, before you take part.
          </Text>
          <ButtonLink to={paths.campaigns}>See campaigns</ButtonLink>
        </Stack>
      </Paper>
      <DataList labelWidth={140} withDivider>
        <DataList.Item>
          <DataList.ItemLabel>Identity</DataList.ItemLabel>
          <DataList.ItemValue>
            <Badge color="teal" variant="light">
              Verified
            </Badge>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Payout wallet</DataList.ItemLabel>
          <DataList.ItemValue>
            <Stack gap={4}>
              <Badge color={wallet.color} variant="light">
                {wallet.label}
              </Badge>
              {info.wallet.note && (
                <Text size="xs" c="dimmed">
                  {info.wallet.note}
                </Text>
              )}
            </Stack>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Agency</DataList.ItemLabel>
          <DataList.ItemValue>{info.agency.name ?? 'None'}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Artists</DataList.ItemLabel>
          <DataList.ItemValue>{info.artistIds.length}</DataList.ItemValue>
        </DataList.Item>
      </DataList>
      <ButtonLink to={paths.account} variant="light">
        Manage your account
      </ButtonLink>
    </Stack>
  );
}
