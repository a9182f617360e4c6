import { Alert, Badge, Button, DataList, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconMailForward } from '@tabler/icons-react';
import { AUTH_MESSAGES } from '@platform/shared';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { errorMessage } from '../../../lib/api-errors';
import { humanize } from '../../../lib/format';
import { useProfile } from '../api/get-profile';
import { useResendVerification } from '../api/resend-verification';

function ResendVerification() {
  const resend = useResendVerification();
  return (
    <Stack gap={4} mt={6}>
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="light"
          maw="100%"
          h="auto"
          py={4}
          styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'start' } }}
          leftSection={<IconMailForward size={16} aria-hidden />}
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: (result) => {
                if (result.message !== 'Verified')
                  showSuccessToast('Open the link we emailed you.', 'Email sent');
              },
            })
          }
        >
          Resend verification email
        </Button>
      </Group>
      {resend.isError && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(resend.error, { fallback: AUTH_MESSAGES.unknownError })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * A value sits beside its label while 8rem is left for it (an amount that grows with the text size) and
 * moves under the label otherwise; it may shrink and break long words. So the card never pushes the page
 * wider than a 390 px phone, whatever text size the person reads at.
 */
const STACK_VALUES_WHEN_NARROW = {
  item: { flexWrap: 'wrap' },
  itemValue: { flex: '1 1 8rem', minWidth: 0, overflowWrap: 'anywhere' },
} as const;

export function ProfileDetails() {
  const profile = useProfile();

  if (profile.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading your profile">
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
    <DataList labelWidth={130} withDivider styles={STACK_VALUES_WHEN_NARROW}>
      <DataList.Item>
        <DataList.ItemLabel>Email</DataList.ItemLabel>
        <DataList.ItemValue>{email}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Email status</DataList.ItemLabel>
        <DataList.ItemValue>
          {emailVerified ? (
            <Badge color="teal" variant="light">
              Verified
            </Badge>
          ) : (
            <>
              <Badge color="yellow" variant="light" maw="100%">
                Not verified
              </Badge>
              <ResendVerification />
            </>
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
