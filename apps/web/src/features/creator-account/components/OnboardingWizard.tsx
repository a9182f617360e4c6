import { Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { TAX_CHECKED_BY_SUPPORT, type CreatorInfo, type OnboardingStatus } from '@platform/shared';
import { lazy, Suspense } from 'react';
import { ResultPanel } from '../../../components/feedback/ResultPanel';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { useStepHeadingFocus } from '../../../components/heading-focus';

// Each step loads when the creator reaches it: a creator is at one step at a time.
const ProfileForm = lazy(() => import('./ProfileForm').then((module) => ({ default: module.ProfileForm })));
const AgencyStep = lazy(() => import('./AgencyStep').then((module) => ({ default: module.AgencyStep })));
const IdentityStep = lazy(() =>
  import('./IdentityStep').then((module) => ({ default: module.IdentityStep })),
);
const ArtistsStep = lazy(() => import('./ArtistsStep').then((module) => ({ default: module.ArtistsStep })));

type Step = { title: string; statuses: readonly OnboardingStatus[] };

/** The wizard's screens, in order; each shows while the creator is at one of its statuses (DESIGN §7). */
const STEPS: readonly Step[] = [
  { title: 'About you', statuses: ['DATA_CAPTURE'] },
  { title: 'Your agency', statuses: ['AGENCY_CAPTURE'] },
  { title: 'Your identity', statuses: ['KYC_CAPTURE', 'KYC_CHECK'] },
  { title: 'Your artists', statuses: ['ARTIST_SELECTION', 'WALLET_CREATION_FAILED'] },
];

/** What the creator is told after the profile is saved: what the tax authority said of their number. */
function announceTaxCheck(info: CreatorInfo) {
  const tax = info.taxRegistration;
  if (!tax?.isRegistered) return;
  if (tax.validationStatus === 'valid') {
    const authority =
      tax.checkSource === TAX_CHECKED_BY_SUPPORT
        ? 'Our Support team'
        : tax.type === 'VAT'
          ? 'HMRC'
          : 'The Australian Business Register';
    const holder = tax.businessName ? ` for ${tax.businessName}` : '';
    showSuccessToast(`${authority} confirmed your ${tax.type}${holder}.`, 'Tax number checked');
  }
}

function WalletPending({ info }: { info: CreatorInfo }) {
  return (
    <ResultPanel tone="info" title="Setting up your payout wallet">
      <Stack gap="xs">
        <Text>{info.wallet.note ?? 'We are setting up the wallet we pay you into.'}</Text>
        {info.wallet.nextAttemptAt && (
          <Text size="sm">This page moves on by itself as soon as it is ready.</Text>
        )}
      </Stack>
    </ResultPanel>
  );
}

/**
 * Onboarding from a verified email to ACTIVE: one screen per step, resuming wherever the creator is,
 * with their progress shown. Each step saves on the server, whose answer moves the wizard on.
 */
export function OnboardingWizard({ info, onActivated }: { info: CreatorInfo; onActivated: () => void }) {
  const index = STEPS.findIndex((step) => step.statuses.includes(info.status));
  const heading = useStepHeadingFocus<HTMLHeadingElement>(index);
  const step = STEPS[index];
  if (!step) return null;
  const number = index + 1;

  let body;
  switch (info.status) {
    case 'DATA_CAPTURE':
      body = <ProfileForm info={info} submitLabel="Save and continue" onSaved={announceTaxCheck} />;
      break;
    case 'AGENCY_CAPTURE':
      body = <AgencyStep info={info} />;
      break;
    case 'KYC_CAPTURE':
    case 'KYC_CHECK':
      body = <IdentityStep info={info} />;
      break;
    case 'WALLET_CREATION_FAILED':
      body = <WalletPending info={info} />;
      break;
    default:
      body = <ArtistsStep info={info} onSaved={(saved) => saved.status === 'ACTIVE' && onActivated()} />;
  }

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Text size="sm" c="dimmed" id="onboarding-progress-label">
          Step {number} of {STEPS.length}
        </Text>
        <Progress.Root size="sm" radius="xl">
          <Progress.Section
            value={(number / STEPS.length) * 100}
            aria-labelledby="onboarding-progress-label"
          />
        </Progress.Root>
        <Title order={1} size="h2" ref={heading}>
          {step.title}
        </Title>
      </Stack>
      <Suspense fallback={<Skeleton role="status" height={480} radius="md" aria-label="Loading this step" />}>
        {body}
      </Suspense>
    </Stack>
  );
}
