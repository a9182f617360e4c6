import { Skeleton, Stack } from '@mantine/core';
import { ButtonLink } from '../../../components/ButtonLink';
import { CHECK_CONNECTION, LoadFailure } from '../../../components/feedback/failure';
import { ResultPanel } from '../../../components/feedback/ResultPanel';

/** The page's place while the signed-in person's profile loads. */
export function ConsoleLoading() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the console">
      <Skeleton height={34} width={260} radius="sm" />
      <Skeleton height={18} width="60%" radius="sm" />
      {[0, 1, 2, 3, 4].map((row) => (
        <Skeleton key={row} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

export interface ConsoleLoadErrorProps {
  onRetry: () => void;
  retrying: boolean;
}

/** The profile could not be read: nothing can be shown before it is, so say so and offer another try. */
export function ConsoleLoadError({ onRetry, retrying }: ConsoleLoadErrorProps) {
  return (
    <LoadFailure
      title="We could not load the console"
      message={CHECK_CONNECTION}
      onRetry={onRetry}
      retrying={retrying}
      maw={560}
    />
  );
}

export interface ConsoleSectionNotFoundProps {
  /** Where the person can go instead: their first section. */
  homePath: string | null;
}

/** A section the person's role does not reach reads as one that does not exist. */
export function ConsoleSectionNotFound({ homePath }: ConsoleSectionNotFoundProps) {
  return (
    <Stack maw={480} mx="auto" mt="xl">
      <ResultPanel
        tone="warning"
        title="Page not found"
        actions={homePath ? <ButtonLink to={homePath}>Go to the console</ButtonLink> : undefined}
      >
        The page you are looking for does not exist.
      </ResultPanel>
    </Stack>
  );
}
