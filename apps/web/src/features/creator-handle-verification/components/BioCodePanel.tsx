import { Alert, Button, Code, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { HANDLE_VERIFICATION_MESSAGES, PLATFORM_LABELS, type HandleVerification } from '@platform/shared';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { useCheckBioCode, useStartBioCode } from '../api/handle-verifications';
import { formatDay, serverMessage } from './words';

/** Where a platform keeps the text the code goes in. */
const BIO_NAMES: Record<HandleVerification['platform'], string> = {
  TikTok: 'bio',
  Instagram: 'bio',
  Snapchat: 'bio',
  Youtube: 'channel description',
};

/**
 * A one-time code to place in the bio, and the check that reads it back from the platform. A refused
 * check says why in the server's words, beside the button that tries again.
 */
export function BioCodePanel({ item }: { item: HandleVerification }) {
  const start = useStartBioCode();
  const check = useCheckBioCode();
  const attempt = item.latestAttempt;
  const code = attempt?.method === 'BIO_CODE' && attempt.status === 'PENDING' ? attempt.code : null;
  const bio = BIO_NAMES[item.platform];
  const failure = start.error ?? check.error;

  const ask = () => {
    check.reset();
    start.mutate(item.platform);
  };

  return (
    <Stack gap="sm">
      {code ? (
        <>
          <Group gap="xs" wrap="wrap">
            <Text size="sm">Your code:</Text>
            <Code fz="lg" fw={700} aria-label={`Your code ${code}`}>
              {code}
            </Code>
            <CopyButton value={code}>
              {({ copied, copy }) => (
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={copy}
                  leftSection={
                    copied ? (
                      <IconCheck size={14} aria-hidden="true" />
                    ) : (
                      <IconCopy size={14} aria-hidden="true" />
                    )
                  }
                >
                  {copied ? 'Copied' : 'Copy the code'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <List type="ordered" size="sm" spacing={4}>
            <List.Item>
              Open {PLATFORM_LABELS[item.platform]} and edit the {bio} of @{item.handle}.
            </List.Item>
            <List.Item>Paste the code anywhere in it and save.</List.Item>
            <List.Item>Come back here and choose “Check my bio”.</List.Item>
          </List>
          {attempt?.expiresAt && (
            <Text size="xs" c="dimmed">
              The code works until {formatDay(attempt.expiresAt)}. You can take it out once the handle is
              verified.
            </Text>
          )}
          {failure && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
              {serverMessage(failure)}
            </Alert>
          )}
          <Group gap="sm" wrap="wrap">
            <Button
              loading={check.isPending}
              disabled={start.isPending}
              onClick={() => {
                start.reset();
                check.mutate(item.platform, {
                  onSuccess: (changed) => {
                    if (!changed.verified) return;
                    showSuccessToast(
                      HANDLE_VERIFICATION_MESSAGES.codeFound(changed.platform, changed.handle),
                      'Handle verified',
                    );
                  },
                });
              }}
            >
              Check my bio
            </Button>
            <Button variant="subtle" loading={start.isPending} disabled={check.isPending} onClick={ask}>
              Get a new code
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Text size="sm">
            We give you a short code to put in the {bio} of @{item.handle}, then read it back from{' '}
            {PLATFORM_LABELS[item.platform]}.
          </Text>
          {failure && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
              {serverMessage(failure)}
            </Alert>
          )}
          <Button w="fit-content" loading={start.isPending} onClick={ask}>
            Get my code
          </Button>
        </>
      )}
    </Stack>
  );
}
