import { Box, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Brand } from '../../components/layouts/Brand';

const SharedReportScreen = lazy(() =>
  import('../../features/console-reports/components/SharedReportScreen').then((module) => ({
    default: module.SharedReportScreen,
  })),
);

/**
 * `/shared/reports/:token`: a campaign's report for whoever holds the link, signed in or not. None of the
 * console's frame or actions: the brand, then the report.
 */
export function Component() {
  const { token = '' } = useParams();
  return (
    <Box component="main" maw={1200} mx="auto" px={{ base: 'md', sm: 'xl' }} py="xl">
      <Stack gap="xl">
        <Brand />
        <Suspense
          fallback={<Skeleton role="status" height={480} radius="md" aria-label="Loading the report" />}
        >
          <SharedReportScreen key={token} token={token} />
        </Suspense>
      </Stack>
    </Box>
  );
}
