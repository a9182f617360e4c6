import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import {
  AUTH_MESSAGES,
  KYC_MESSAGES,
  type CreatorInfo,
  type KycFileKind,
  type KycSdkConfig,
} from '@platform/shared';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { ResultPanel } from '../../../components/feedback/ResultPanel';
import { FileUploadField, type UploadedFile } from '../../../components/inputs/FileUploadField';
import { errorMessage } from '../../../lib/api-errors';
import { isApiError } from '../../../lib/api-client';
import { putFile } from '../../../lib/upload';
import { useKycConfig, useSubmitKyc } from '../api/kyc';

// Onfido's own web SDK is large and only some installations use it: it loads when it is needed.
const OnfidoVerification = lazy(() => import('./OnfidoVerification'));

const FILE_FIELDS: Record<KycFileKind, { label: string; description: string; kinds: ('image' | 'pdf')[] }> = {
  document: {
    label: 'Your identity document',
    description: 'A clear photo of your passport, driving licence or national ID card, or a PDF scan of it.',
    kinds: ['image', 'pdf'],
  },
  selfie: {
    label: 'A selfie',
    description: 'A photo of your face, looking at the camera, in good light.',
    kinds: ['image'],
  },
};

const WAITING_STATUSES = ['Submitted', 'ManualReview', 'Review', 'Pending', 'Created'];

function BuiltInUploads({ config }: { config: KycSdkConfig }) {
  const uploads = config.uploads;
  const [files, setFiles] = useState<Partial<Record<KycFileKind, UploadedFile>>>({});
  const [problems, setProblems] = useState<Partial<Record<KycFileKind, string>>>({});
  const [uploading, setUploading] = useState<Partial<Record<KycFileKind, boolean>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const submit = useSubmitKyc();
  if (!uploads) return null;

  const ready = (kind: KycFileKind) => Boolean(files[kind]) || uploads[kind].uploaded;
  const send = () => {
    setFailure(null);
    submit.mutate(undefined, {
      onError: (error) => {
        if (isApiError(error) && error.details.length > 0) {
          setProblems(Object.fromEntries(error.details.map((detail) => [detail.field, detail.message])));
        } else {
          setFailure(errorMessage(error, { fallback: AUTH_MESSAGES.unknownError }));
        }
      },
    });
  };

  return (
    <Stack gap="lg">
      {(['document', 'selfie'] as const).map((kind) => (
        <FileUploadField
          key={kind}
          label={FILE_FIELDS[kind].label}
          description={
            uploads[kind].uploaded && !files[kind]
              ? `${FILE_FIELDS[kind].description} We already have one; choose another to replace it.`
              : FILE_FIELDS[kind].description
          }
          kinds={FILE_FIELDS[kind].kinds}
          maxBytes={uploads[kind].maxBytes}
          value={files[kind] ?? null}
          onChange={(file) => {
            setFiles((current) => ({ ...current, [kind]: file ?? undefined }));
            setProblems((current) => ({ ...current, [kind]: undefined }));
          }}
          onUploadingChange={(busy) => setUploading((current) => ({ ...current, [kind]: busy }))}
          upload={async (file, onProgress, signal) => {
            await putFile(uploads[kind].url, file, onProgress, signal);
            return { url: uploads[kind].url, key: kind };
          }}
          error={problems[kind]}
        />
      ))}
      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
          {failure}
        </Alert>
      )}
      <Button
        onClick={send}
        loading={submit.isPending}
        disabled={!ready('document') || !ready('selfie') || Boolean(uploading.document || uploading.selfie)}
      >
        Send for checking
      </Button>
      <Text size="xs" c="dimmed">
        Your documents are stored privately and seen only by the people who check them.
      </Text>
    </Stack>
  );
}

/** KYC_CAPTURE: the creator proves who they are; KYC_CHECK: they wait for the answer. */
export function IdentityStep({ info }: { info: CreatorInfo }) {
  const checking = info.status === 'KYC_CHECK';
  const config = useKycConfig({ enabled: !checking });

  if (checking) {
    if (info.kyc.status === 'Failure') {
      return (
        <ResultPanel tone="error" title="We could not verify your identity">
          <Stack gap="xs">
            {info.kyc.reason && <Text>{info.kyc.reason}</Text>}
            <Text>If you think this is a mistake, please contact Support.</Text>
          </Stack>
        </ResultPanel>
      );
    }
    return (
      <ResultPanel tone="info" title="We are checking your identity" icon={IconInfoCircle}>
        Thank you. This usually takes less than a working day; this page moves on by itself when it is done.
        {WAITING_STATUSES.includes(info.kyc.status) ? '' : ` (${info.kyc.status})`}
      </ResultPanel>
    );
  }

  if (config.isPending)
    return <Skeleton role="status" height={320} radius="md" aria-label="Loading your identity check" />;
  if (config.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        title={KYC_MESSAGES.providerUnavailable}
        icon={<IconAlertTriangle />}
      >
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void config.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      {config.data.reason && (
        <Alert
          color="orange"
          variant="light"
          title="Please try again"
          icon={<IconAlertTriangle aria-hidden="true" />}
        >
          {config.data.reason}
        </Alert>
      )}
      <Text>To pay you, we need to know who you are. It takes a couple of minutes.</Text>
      {config.data.provider === 'onfido' && config.data.sdkToken ? (
        <Suspense
          fallback={
            <Skeleton role="status" height={320} radius="md" aria-label="Loading the identity check" />
          }
        >
          <OnfidoVerification token={config.data.sdkToken} />
        </Suspense>
      ) : (
        <BuiltInUploads config={config.data} />
      )}
    </Stack>
  );
}
