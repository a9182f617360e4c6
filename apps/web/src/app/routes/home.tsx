import { Alert, Box, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../components/ButtonLink';
import { Confetti } from '../../components/display/Confetti';
import { DocumentTitle } from '../../components/DocumentTitle';
import { showSuccessToast } from '../../components/feedback/toasts';
import { PageHeading } from '../../components/PageHeading';
import { SignOutButton } from '../../features/common-auth/components/SignOutButton';
import { useCreatorInfo } from '../../features/creator-account/api/get-creator-info';
import { verifiedAccountsPath } from '../../features/creator-handle-verification/api/paths';
import { useNativeDeviceRegistration } from '../../features/creator-account/hooks/use-native-device';
import { useNeedsWebConsent } from '../../features/creator-account/hooks/use-native-tracking';
import { NOTIFICATION_BELL_SIZE } from '../../features/common-notifications/components/bell-size';
import { ProfileDetails } from '../../features/common-profile/components/ProfileDetails';
import { paths } from '../../lib/paths';
import { CreatorTermsBanner } from '../CreatorTermsBanner';

// What a creator sees depends on where they are: each part loads when it is needed, so the home page
// itself stays light (ADR 009).
const OnboardingWizard = lazy(() =>
  import('../../features/creator-account/components/OnboardingWizard').then((module) => ({
    default: module.OnboardingWizard,
  })),
);
const CreatorHome = lazy(() =>
  import('../../features/creator-account/components/CreatorHome').then((module) => ({
    default: module.CreatorHome,
  })),
);
const CampaignInvitations = lazy(
  () => import('../../features/creator-campaigns/components/CampaignInvitations'),
);
const TrackingChoices = lazy(() =>
  import('../../features/creator-account/components/TrackingChoices').then((module) => ({
    default: module.TrackingChoices,
  })),
);
// The bell polls for the unread count: it loads after the page, so the page's first load stays light.
const NotificationBell = lazy(() =>
  import('../../features/common-notifications/components/NotificationBell').then((module) => ({
    default: module.NotificationBell,
  })),
);

const loadingPart = <Skeleton role="status" height={320} radius="md" aria-label="Loading" />;

export function Component() {
  const navigate = useNavigate();
  const info = useCreatorInfo();
  const [celebrating, setCelebrating] = useState(false);
  const needsConsent = useNeedsWebConsent(info.data);
  useNativeDeviceRegistration(info.data?.emailVerified ? info.data.id : undefined);

  const signOut = (
    <SignOutButton
      fullWidth
      variant="subtle"
      onSignedOut={() => {
        showSuccessToast('You have signed out.');
        void navigate(paths.signIn, { replace: true });
      }}
    />
  );

  if (info.isPending) {
    return (
      <Stack gap="lg" aria-busy="true">
        <DocumentTitle title="Your account" />
        <Skeleton height={28} width="60%" radius="sm" />
        <Skeleton role="status" height={320} radius="md" aria-label="Loading your account" />
      </Stack>
    );
  }

  if (info.isError) {
    return (
      <Stack gap="lg">
        <DocumentTitle title="Your account" />
        <Alert
          color="red"
          variant="light"
          title="We could not load your account"
          icon={<IconAlertTriangle />}
        >
          <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void info.refetch()}>
            Try again
          </Button>
        </Alert>
        {signOut}
      </Stack>
    );
  }

  const creator = info.data;
  // Onboarding starts once the email address is proven: the account card asks for that first.
  if (!creator.emailVerified) {
    return (
      <Stack gap="lg">
        <DocumentTitle title="Verify your email" />
        <PageHeading
          title="Verify your email"
          subtitle="Open the link we emailed you to set up your account."
        />
        <ProfileDetails />
        {signOut}
      </Stack>
    );
  }

  const active = creator.status === 'ACTIVE';
  return (
    <Stack gap="lg" pb={creator.terms.updateToAccept ? 160 : 0}>
      <DocumentTitle title={active ? 'Home' : 'Set up your account'} />
      {active && (
        <Group justify="flex-end" mb="-sm">
          <Suspense fallback={<Box w={NOTIFICATION_BELL_SIZE} h={NOTIFICATION_BELL_SIZE} />}>
            <NotificationBell />
          </Suspense>
        </Group>
      )}
      <Suspense fallback={loadingPart}>
        {needsConsent && <TrackingChoices current={creator.trackingPermissions} variant="consent" />}
        {active ? (
          <>
            <CampaignInvitations />
            <CreatorHome info={creator} />
            <ButtonLink to={paths.payments} variant="light">
              Your payments and invoices
            </ButtonLink>
            <ButtonLink to={verifiedAccountsPath} variant="light">
              Your verified accounts
            </ButtonLink>
          </>
        ) : (
          <OnboardingWizard info={creator} onActivated={() => setCelebrating(true)} />
        )}
      </Suspense>
      {signOut}
      <Confetti active={celebrating} onDone={() => setCelebrating(false)} />
      <CreatorTermsBanner info={creator} />
    </Stack>
  );
}
