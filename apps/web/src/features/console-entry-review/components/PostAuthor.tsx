import { Badge, Text } from '@mantine/core';
import { PLATFORM_LABELS, sameHandle, type CampaignEntry } from '@platform/shared';

/**
 * Who posted an entry's post, beside the creator's handle: the account its platform or its link named when
 * it was entered, or that nothing could tell, so that the reviewer looks at those themselves. An account
 * that is not the creator's handle (renamed since, say) is shown as such.
 */
export function PostAuthor({ entry }: { entry: CampaignEntry }) {
  if (entry.kind !== 'POST') return null;
  const { postAccount } = entry;
  if (!postAccount) {
    return (
      <Badge color="yellow" variant="light" size="sm" mt={4}>
        Author not checked
      </Badge>
    );
  }
  const namedBy = postAccount.namedBy === 'PLATFORM' ? PLATFORM_LABELS[entry.platform] : 'its link';
  const theirs = entry.creator.handle !== null && sameHandle(entry.creator.handle, postAccount.handle);
  return (
    <>
      <Text size="xs" c={theirs ? 'dimmed' : 'red.8'} fw={theirs ? undefined : 500}>
        Post by @{postAccount.handle}, as {namedBy} says
      </Text>
      {!theirs && (
        <Badge color="red" variant="light" size="sm" mt={4}>
          Not the creator’s handle
        </Badge>
      )}
    </>
  );
}
