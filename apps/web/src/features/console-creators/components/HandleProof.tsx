import { Badge, Text } from '@mantine/core';
import {
  formatDateTime,
  HANDLE_VERIFICATION_METHOD_LABELS,
  type CreatorPlatform,
  type HandleVerification,
} from '@platform/shared';

/**
 * Whether a creator's handle is proven theirs (ADR 036): how, when and by whom, or that it is not, since
 * entries from it cannot be approved until it is.
 */
export function HandleProof({
  platform,
  verifications,
}: {
  platform: CreatorPlatform;
  verifications: readonly HandleVerification[];
}) {
  const verified = verifications.find((item) => item.platform === platform)?.verified;
  if (!verified) {
    return (
      <Badge component="span" size="sm" color="orange" variant="light">
        Not verified
      </Badge>
    );
  }
  const how = HANDLE_VERIFICATION_METHOD_LABELS[verified.method];
  const by = verified.by ? ` by ${verified.by}` : '';
  return (
    <Text component="span" size="xs" c="dimmed">
      Verified: {how}, {formatDateTime(verified.at, 'short')}
      {by}
    </Text>
  );
}
