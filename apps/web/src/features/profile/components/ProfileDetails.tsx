import { Alert, Badge, Button, DataList, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { humanize } from '../../../lib/format';
import { useProfile } from '../api/get-profile';

export function ProfileDetails() {
  const profile = useProfile();

  if (profile.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading your profile">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} height={22} radius="sm" />
        ))}
      </Stack>
    );
  }

  if (profile.isError) {
    return (
      <Alert color="red" variant="light" title="We could not load your profile" icon={<IconAlertTriangle />}>
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const { email, emailVerified, status, role } = profile.data;
  return (
    <DataList labelWidth={130} withDivider>
      <DataList.Item>
        <DataList.ItemLabel>Email</DataList.ItemLabel>
        <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{email}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Email status</DataList.ItemLabel>
        <DataList.ItemValue>
          {emailVerified ? (
            <Badge color="teal" variant="light">
              Verified
            </Badge>
          ) : (
            <Badge color="yellow" variant="light">
              Not verified
            </Badge>
          )}
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Account status</DataList.ItemLabel>
        <DataList.ItemValue>{humanize(status)}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Role</DataList.ItemLabel>
        <DataList.ItemValue>{humanize(role)}</DataList.ItemValue>
      </DataList.Item>
    </DataList>
  );
}
