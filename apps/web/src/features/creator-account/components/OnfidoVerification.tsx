import { Alert, Box, Button } from '@mantine/core';
import { AUTH_MESSAGES } from '@platform/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-errors';
import { useSubmitKyc } from '../api/kyc';

/** The SDK version the platform is tested with: pinned, so an update at Onfido never changes the flow unseen. */
const ONFIDO_SDK_VERSION = '14.80';

/**
 * Onfido's web SDK takes the photos of the document and the face; when it is done, the platform asks
 * Onfido to check them (create-kyc-application) and waits for the result.
 */
export default function OnfidoVerification({ token }: { token: string }) {
  const containerId = `onfido-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const submit = useSubmitKyc();
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const complete = useEffectEvent(() =>
    submit.mutate(undefined, {
      onError: (error) => setFailure(errorMessage(error, { fallback: AUTH_MESSAGES.unknownError })),
    }),
  );
  const fail = useEffectEvent(() => setFailure(AUTH_MESSAGES.unknownError));

  useEffect(() => {
    let handle: { tearDown: () => Promise<void> } | undefined;
    let cancelled = false;
    import('onfido-sdk-ui').then(
      ({ Onfido }) => {
        if (cancelled) return;
        handle = Onfido.init({
          token,
          containerId,
          version: ONFIDO_SDK_VERSION,
          steps: ['welcome', 'document', 'face', 'complete'],
          onComplete: () => complete(),
          onError: () => fail(),
        });
      },
      () => fail(),
    );
    return () => {
      cancelled = true;
      void handle?.tearDown();
    };
  }, [token, containerId, attempt]);

  return (
    <>
      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
          {failure}
          <Button
            size="xs"
            variant="light"
            color="red"
            mt="xs"
            display="block"
            onClick={() => {
              setFailure(null);
              setAttempt((count) => count + 1);
            }}
          >
            Try again
          </Button>
        </Alert>
      )}
      <Box id={containerId} mih={480} />
    </>
  );
}
