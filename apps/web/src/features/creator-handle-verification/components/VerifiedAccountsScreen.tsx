import { Skeleton, Stack, Text } from '@mantine/core';
import { CHECK_CONNECTION, LoadFailure } from '../../../components/feedback/failure';
import { TextLink } from '../../../components/TextLink';
import { useHandleVerifications } from '../api/handle-verifications';
import { HandleCard } from './HandleCard';

/**
 * The creator's handles and whether each is proven theirs: entries from a handle not verified cannot be
 * approved (ADR 036).
 */
export function VerifiedAccountsScreen({ accountPath }: { accountPath: string }) {
  const list = useHandleVerifications();

  if (list.isPending) {
    return <Skeleton role="status" height={200} radius="md" aria-label="Loading your handles" />;
  }
  if (list.isError) {
    return (
      <LoadFailure
        title="We could not load your handles"
        message={CHECK_CONNECTION}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (list.data.items.length === 0) {
    return (
      <Text size="sm">
        You have no social handles on your profile yet.{' '}
        <TextLink to={accountPath} size="sm">
          Add them to your details
        </TextLink>{' '}
        first, then verify them here.
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {list.data.items.map((item) => (
        <HandleCard key={item.platform} item={item} />
      ))}
    </Stack>
  );
}
