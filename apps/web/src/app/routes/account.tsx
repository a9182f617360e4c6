import { Alert, Button, Divider, Skeleton, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { BackButton } from '../../components/display/BackButton';
import { ButtonLink } from '../../components/ButtonLink';
import { DocumentTitle } from '../../components/DocumentTitle';
import { showSuccessToast } from '../../components/feedback/toasts';
import { PageHeading } from '../../components/PageHeading';
import { useCreatorInfo } from '../../features/creator-account/api/get-creator-info';
import { verifiedAccountsPath } from '../../features/creator-handle-verification/api/paths';
import { endSession } from '../../lib/session-refresh';
import { paths } from '../../lib/paths';
import { CreatorTermsBanner } from '../CreatorTermsBanner';

// The page's sections are forms of their own: they load in parallel after the page, not before it.
const ProfileForm = lazy(() =>
  import('../../features/creator-account/components/ProfileForm').then((module) => ({
    default: module.ProfileForm,
  })),
);
const AgencyStep = lazy(() =>
  import('../../features/creator-account/components/AgencyStep').then((module) => ({
    default: module.AgencyStep,
  })),
);
const ArtistsStep = lazy(() =>
  import('../../features/creator-account/components/ArtistsStep').then((module) => ({
    default: module.ArtistsStep,
  })),
);
const TrackingChoices = lazy(() =>
  import('../../features/creator-account/components/TrackingChoices').then((module) => ({
    default: module.TrackingChoices,
  })),
);
const InvoiceTaxNotice = lazy(() =>
  import('../../features/creator-account/components/InvoiceTaxNotice').then((module) => ({
    default: module.InvoiceTaxNotice,
  })),
);
const DeactivateAccount = lazy(() =>
  import('../../features/creator-account/components/DeactivateAccount').then((module) => ({
    default: module.DeactivateAccount,
  })),
);

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Suspense
        fallback={
          <Skeleton role="status" height={120} radius="md" aria-label={`Loading ${title.toLowerCase()}`} />
        }
      >
        {children}
      </Suspense>
    </Stack>
  );
}

/** The creator's own account: details, agency, artists, privacy choices, and deactivation. */
export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useCreatorInfo();

  if (info.isPending)
    return <Skeleton role="status" height={480} radius="md" aria-label="Loading your account" />;
  if (info.isError) {
    return (
      <Alert color="red" variant="light" title="We could not load your account" icon={<IconAlertTriangle />}>
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void info.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const creator = info.data;
  const saved = () => showSuccessToast('Your changes are saved.');

  return (
    <Stack gap="xl">
      <DocumentTitle title="Your account" />
      <Stack gap="xs">
        <BackButton fallbackPath={paths.home} />
        <PageHeading title="Your account" subtitle={creator.email} />
      </Stack>
      <Suspense fallback={null}>
        <InvoiceTaxNotice info={creator} />
      </Suspense>
      {creator.profile && (
        <Section title="Your details">
          <ProfileForm info={creator} submitLabel="Save my details" onSaved={saved} />
        </Section>
      )}
      <Divider />
      <Section title="Verified accounts">
        <ButtonLink to={verifiedAccountsPath} variant="light">
          Verify your social handles
        </ButtonLink>
      </Section>
      {creator.agency.decided && (
        <>
          <Divider />
          <Section title="Your agency">
            <AgencyStep info={creator} onSaved={saved} />
          </Section>
        </>
      )}
      {creator.artistIds.length > 0 && (
        <>
          <Divider />
          <Section title="Your artists">
            <ArtistsStep info={creator} submitLabel="Save my artists" onSaved={saved} />
          </Section>
        </>
      )}
      <Divider />
      <Section title="Privacy choices">
        <TrackingChoices current={creator.trackingPermissions} variant="settings" />
      </Section>
      <Divider />
      <Section title="Deactivate your account">
        <DeactivateAccount
          creatorId={creator.id}
          onDeactivated={(message) => {
            endSession();
            showSuccessToast(message, 'Your account is deactivated');
            // The account is forgotten once this page has gone, so that nobody who signs in next in this
            // tab sees it, and this page does not ask for it again meanwhile.
            void Promise.resolve(navigate(paths.signIn, { replace: true })).then(() => queryClient.clear());
          }}
        />
      </Section>
      <CreatorTermsBanner info={creator} />
    </Stack>
  );
}
