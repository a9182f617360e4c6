import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { verifiedAccountsPath } from '../../features/creator-handle-verification/api/paths';
import { ConnectedScreen } from '../../features/creator-handle-verification/components/ConnectedScreen';

/** Where a platform sends the creator back after connecting an account, with its code and state. */
export function Component() {
  const [params] = useSearchParams();
  return (
    <Stack maw={480} mx="auto" mt="xl">
      <ConnectedScreen
        back={verifiedAccountsPath}
        returned={{ code: params.get('code'), state: params.get('state'), error: params.get('error') }}
      />
    </Stack>
  );
}
