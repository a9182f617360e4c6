import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { AUTH_MESSAGES, type TrackingPermissions } from '@platform/shared';
import { useState } from 'react';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { Toggle } from '../../../components/inputs/Toggle';
import { errorMessage } from '../../../lib/api-errors';
import { updateNativeTrackingPermissions } from '../../../lib/native-bridge';
import { useUpdateTracking } from '../api/tracking';

export interface TrackingChoicesProps {
  current: TrackingPermissions | null;
  /** First visit: asks for a choice; otherwise lets the creator change it. */
  variant: 'consent' | 'settings';
}

/**
 * The creator's tracking choice (SPEC §3 groups and modes): essential technologies always, marketing
 * technologies only if they agree. The mobile app is told too, so its own consent matches.
 */
export function TrackingChoices({ current, variant }: TrackingChoicesProps) {
  const [marketing, setMarketing] = useState(current?.allowed.includes('MARKETING_TECHNOLOGIES') ?? false);
  const update = useUpdateTracking();
  const [problem, setProblem] = useState<string | null>(null);

  const save = (choice: TrackingPermissions) =>
    update.mutate(choice, {
      onSuccess: (saved) => {
        setProblem(null);
        void updateNativeTrackingPermissions(saved);
        if (variant === 'settings') showSuccessToast('Your privacy choices are saved.');
      },
      onError: (error) => setProblem(errorMessage(error, { fallback: AUTH_MESSAGES.unknownError })),
    });

  const body = (
    <Stack gap="md">
      <Text size="sm">
        Essential technologies keep you signed in and the app working; they are always on. Marketing
        technologies help brands measure their campaigns; they are on only if you say so.
      </Text>
      <Toggle label="Essential technologies (always on)" checked disabled readOnly />
      <Toggle
        label="Marketing technologies"
        checked={marketing}
        onChange={(event) => setMarketing(event.currentTarget.checked)}
      />
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
      <SimpleGrid cols={variant === 'consent' ? { base: 1, xs: 2 } : 1} spacing="xs">
        {variant === 'consent' && (
          <Button
            onClick={() =>
              save({ mode: 'ALLOW', allowed: ['ESSENTIAL_TECHNOLOGIES', 'MARKETING_TECHNOLOGIES'] })
            }
            loading={update.isPending && update.variables.mode === 'ALLOW'}
            disabled={update.isPending}
          >
            Allow all
          </Button>
        )}
        <Button
          variant={variant === 'consent' ? 'default' : 'filled'}
          onClick={() =>
            save({
              mode: 'CUSTOM',
              allowed: marketing
                ? ['ESSENTIAL_TECHNOLOGIES', 'MARKETING_TECHNOLOGIES']
                : ['ESSENTIAL_TECHNOLOGIES'],
            })
          }
          loading={update.isPending && update.variables.mode === 'CUSTOM'}
          disabled={update.isPending}
        >
          Save my choices
        </Button>
      </SimpleGrid>
    </Stack>
  );

  if (variant === 'settings') return body;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="tracking-consent-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="tracking-consent-title">
          Your privacy choices
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
