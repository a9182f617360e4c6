import { lazy, Suspense, useState } from 'react';
import { Container, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { DocumentTitle } from '../../components/DocumentTitle';
import { LoadingState } from '../../components/feedback/LoadingState';
import { Brand } from '../../components/layouts/Brand';

const FormWidgetsGallery = lazy(() => import('../../features/common-design/components/FormWidgetsGallery'));
const DisplayWidgetsGallery = lazy(
  () => import('../../features/common-design/components/DisplayWidgetsGallery'),
);

type Shown = 'all' | 'form' | 'display';

/** Every shared widget in each of its states, for designers, reviewers and the end-to-end tests. */
export function Component() {
  const [shown, setShown] = useState<Shown>('all');
  return (
    <Container size="xl" px={{ base: 'sm', sm: 'xl' }} py="lg">
      <DocumentTitle title="Widget gallery" />
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Brand />
          <SegmentedControl<Shown>
            aria-label="Widgets shown"
            value={shown}
            onChange={setShown}
            data={[
              { value: 'all', label: 'All' },
              { value: 'form', label: 'Form' },
              { value: 'display', label: 'Display' },
            ]}
          />
        </Group>
        <div>
          <Title order={1}>Widget gallery</Title>
          <Text c="dimmed">
            The shared widgets in their states: empty, filled, error, loading and disabled.
          </Text>
        </div>
        <Suspense fallback={<LoadingState />}>
          {shown !== 'display' && <FormWidgetsGallery />}
          {shown !== 'form' && <DisplayWidgetsGallery />}
        </Suspense>
      </Stack>
    </Container>
  );
}
