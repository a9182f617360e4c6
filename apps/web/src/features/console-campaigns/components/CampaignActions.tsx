import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArchive,
  IconCheck,
  IconCopy,
  IconEye,
  IconEyeOff,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconSend,
  IconX,
} from '@tabler/icons-react';
import { formatDateTime, type AccountRole, type CampaignDetail } from '@platform/shared';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { failureText } from '../../../components/feedback/failure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { FieldError } from '../../../components/form/FieldError';
import { isApiError } from '../../../lib/api-client';
import { whenIdle } from '../../../lib/idle';
import { useApproveCampaign } from '../api/approve-campaign';
import { useArchiveCampaign } from '../api/archive-campaign';
import { useCopyCampaign } from '../api/copy-campaign';
import { usePauseCampaign } from '../api/pause-campaign';
import { useRejectCampaign } from '../api/reject-campaign';
import { useRepublishCampaign } from '../api/republish-campaign';
import { useResumeCampaign } from '../api/resume-campaign';
import { useSubmitCampaign } from '../api/submit-campaign';
import { useUnpublishCampaign } from '../api/unpublish-campaign';
import { campaignActions, type CampaignAction } from './campaign-actions';
import { campaignEditPath } from './links';

// The reason form (with its zod and form code) and the confirmation sheet are needed only once an action
// is asked for: they load when the browser is idle, or at the latest when first opened.
const loadRejectDialog = () => import('./RejectCampaignDialog');
const loadPauseDialog = () => import('./PauseCampaignDialog');
const loadConfirmationSheet = () => import('../../../components/display/ConfirmationSheet');
const RejectCampaignDialog = lazy(() =>
  loadRejectDialog().then((module) => ({ default: module.RejectCampaignDialog })),
);
const PauseCampaignDialog = lazy(() =>
  loadPauseDialog().then((module) => ({ default: module.PauseCampaignDialog })),
);
const ConfirmationSheet = lazy(() =>
  loadConfirmationSheet().then((module) => ({ default: module.ConfirmationSheet })),
);

/** The actions asked about before they are done. */
type ConfirmedAction = 'approve' | 'unpublish' | 'archive';

const CONFIRMATIONS: Readonly<
  Record<
    ConfirmedAction,
    { title: string; message: (campaign: CampaignDetail) => string; confirmLabel: string; color: string }
  >
> = {
  approve: {
    title: 'Approve this campaign?',
    message: (campaign) =>
      `“${campaign.name}” is published: creators in its territories can see it, and it goes live on ${formatDateTime(campaign.startsAt, 'long')}.`,
    confirmLabel: 'Approve',
    color: 'teal',
  },
  unpublish: {
    title: 'Unpublish this campaign?',
    message: (campaign) => `Creators no longer see “${campaign.name}” until it is republished.`,
    confirmLabel: 'Unpublish',
    color: 'orange',
  },
  archive: {
    title: 'Archive this campaign?',
    message: (campaign) =>
      `“${campaign.name}” leaves the list (unless archived campaigns are shown) and can no longer change. It can still be copied.`,
    confirmLabel: 'Archive',
    color: 'red',
  },
};

const TOASTS: Readonly<
  Record<Exclude<CampaignAction, 'edit'>, { title: string; message: (name: string) => string }>
> = {
  submit: { title: 'Sent for review', message: (name) => `“${name}” is waiting for a reviewer.` },
  approve: { title: 'Campaign approved', message: (name) => `“${name}” is published.` },
  reject: {
    title: 'Campaign rejected',
    message: (name) => `The marketer of “${name}” will see your reason.`,
  },
  pause: {
    title: 'Campaign paused',
    message: (name) => `“${name}” takes no joins or entries until it is resumed.`,
  },
  resume: { title: 'Campaign resumed', message: (name) => `“${name}” is live again.` },
  unpublish: { title: 'Campaign unpublished', message: (name) => `Creators no longer see “${name}”.` },
  republish: { title: 'Campaign republished', message: (name) => `“${name}” is published again.` },
  copy: { title: 'Campaign copied', message: (name) => `“${name}” is a new draft.` },
  archive: { title: 'Campaign archived', message: (name) => `“${name}” is archived.` },
};

/** The server's reason for refusing, in its own words; a field's message when it named one. */
function refusalText(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.details.length > 0) {
    return error.details.map((detail) => detail.message).join('\n');
  }
  return failureText(error);
}

export interface CampaignActionsProps {
  campaign: CampaignDetail;
  role: AccountRole;
}

/**
 * The buttons of a campaign's page: only those the person's grants allow and the campaign's status
 * allows. Reject asks for a reason; approve, unpublish and archive ask first.
 */
export function CampaignActions({ campaign, role }: CampaignActionsProps) {
  const navigate = useNavigate();
  const actions = campaignActions(role, campaign);
  const submit = useSubmitCampaign();
  const approve = useApproveCampaign();
  const reject = useRejectCampaign();
  const pause = usePauseCampaign();
  const resume = useResumeCampaign();
  const unpublish = useUnpublishCampaign();
  const republish = useRepublishCampaign();
  const copy = useCopyCampaign();
  const archive = useArchiveCampaign();
  const [failure, setFailure] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [pausing, setPausing] = useState(false);
  const [confirming, setConfirming] = useState<ConfirmedAction | null>(null);
  // The sheet keeps its words while it slides away, and stays mounted once asked for.
  const [shownConfirming, setShownConfirming] = useState<ConfirmedAction | null>(null);
  if (confirming !== null && confirming !== shownConfirming) setShownConfirming(confirming);
  const [confirmFailure, setConfirmFailure] = useState<string | null>(null);
  const canAsk = actions.includes('reject') || actions.some((action) => action in CONFIRMATIONS);
  const canPause = actions.includes('pause');
  useEffect(() => {
    if (!canAsk) return;
    return whenIdle(() => void Promise.all([loadRejectDialog(), loadConfirmationSheet()]));
  }, [canAsk]);
  useEffect(() => (canPause ? whenIdle(() => void loadPauseDialog()) : undefined), [canPause]);

  if (actions.length === 0) return null;

  const done = (action: Exclude<CampaignAction, 'edit'>, name = campaign.name) => {
    const toast = TOASTS[action];
    showSuccessToast(toast.message(name), toast.title);
  };

  /** Runs an action that needs no question; what the server refuses shows above the page. */
  const run = async (action: 'submit' | 'republish' | 'resume' | 'copy') => {
    setFailure(null);
    try {
      if (action === 'copy') {
        const created = await copy.mutateAsync(campaign.id);
        done('copy', created.name);
        void navigate(campaignEditPath(created.id));
        return;
      }
      await { submit, republish, resume }[action].mutateAsync(campaign.id);
      done(action);
    } catch (error) {
      setFailure(refusalText(error));
    }
  };

  const confirm = async () => {
    if (!confirming) return;
    setConfirmFailure(null);
    const mutation = { approve, unpublish, archive }[confirming];
    try {
      await mutation.mutateAsync(campaign.id);
      done(confirming);
      setConfirming(null);
    } catch (error) {
      setConfirmFailure(refusalText(error));
    }
  };

  const ask = (action: ConfirmedAction) => {
    setFailure(null);
    setConfirmFailure(null);
    setConfirming(action);
  };

  const button = (action: CampaignAction, label: string, icon: ReactNode, props: object = {}) =>
    actions.includes(action) ? { action, label, icon, props } : null;

  const buttons = [
    button('edit', 'Edit', <IconPencil size={16} />, { component: Link, to: campaignEditPath(campaign.id) }),
    button('submit', 'Submit for review', <IconSend size={16} />, {
      loading: submit.isPending,
      onClick: () => void run('submit'),
    }),
    button('approve', 'Approve', <IconCheck size={16} />, { color: 'teal', onClick: () => ask('approve') }),
    button('reject', 'Reject', <IconX size={16} />, {
      color: 'red',
      variant: 'light',
      onClick: () => {
        setFailure(null);
        setRejecting(true);
      },
    }),
    button('pause', 'Pause', <IconPlayerPause size={16} />, {
      color: 'grape',
      variant: 'light',
      onClick: () => {
        setFailure(null);
        setPausing(true);
      },
    }),
    button('resume', 'Resume', <IconPlayerPlay size={16} />, {
      color: 'teal',
      loading: resume.isPending,
      onClick: () => void run('resume'),
    }),
    button('unpublish', 'Unpublish', <IconEyeOff size={16} />, {
      color: 'orange',
      variant: 'light',
      onClick: () => ask('unpublish'),
    }),
    button('republish', 'Republish', <IconEye size={16} />, {
      loading: republish.isPending,
      onClick: () => void run('republish'),
    }),
    button('copy', 'Copy', <IconCopy size={16} />, {
      variant: 'default',
      loading: copy.isPending,
      onClick: () => void run('copy'),
    }),
    button('archive', 'Archive', <IconArchive size={16} />, {
      variant: 'subtle',
      color: 'red',
      onClick: () => ask('archive'),
    }),
  ].filter((entry) => entry !== null);

  return (
    <Stack gap="sm" align="flex-end">
      <Group gap="sm" justify="flex-end">
        {buttons.map(({ action, label, icon, props }) => (
          <Button key={action} leftSection={<span aria-hidden="true">{icon}</span>} {...props}>
            {label}
          </Button>
        ))}
      </Group>
      {failure && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle aria-hidden="true" />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setFailure(null)}
          maw={520}
        >
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {failure}
          </Text>
        </Alert>
      )}

      <Suspense fallback={null}>
        {rejecting && (
          <RejectCampaignDialog
            campaignName={campaign.name}
            onReject={async (reason) => {
              await reject.mutateAsync({ id: campaign.id, body: { reason } });
              done('reject');
              setRejecting(false);
            }}
            onClose={() => setRejecting(false)}
          />
        )}
        {pausing && (
          <PauseCampaignDialog
            campaignName={campaign.name}
            onPause={async (reason) => {
              await pause.mutateAsync({ id: campaign.id, body: { reason } });
              done('pause');
              setPausing(false);
            }}
            onClose={() => setPausing(false)}
          />
        )}
        {shownConfirming && (
          <ConfirmationSheet
            opened={confirming !== null}
            title={CONFIRMATIONS[shownConfirming].title}
            message={
              <Stack gap="xs">
                <Text inherit>{CONFIRMATIONS[shownConfirming].message(campaign)}</Text>
                {confirmFailure && (
                  <Text c="red" size="sm" role="alert" component="div">
                    <FieldError message={confirmFailure} />
                  </Text>
                )}
              </Stack>
            }
            confirmLabel={CONFIRMATIONS[shownConfirming].confirmLabel}
            confirmColor={CONFIRMATIONS[shownConfirming].color}
            onConfirm={confirm}
            onCancel={() => setConfirming(null)}
          />
        )}
      </Suspense>
    </Stack>
  );
}
