import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import {
  createReportShareSchema,
  formatDateTime,
  REPORT_SHARE_DEFAULT_DAYS,
  REPORT_SHARE_MAX_DAYS,
  type ReportShare,
  type ReportShareState,
} from '@platform/shared';
import { useState } from 'react';
import { ConfirmationSheet } from '../../../components/display/ConfirmationSheet';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { CHECK_CONNECTION, failureText, LoadFailure } from '../../../components/feedback/failure';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { TextField } from '../../../components/form/TextField';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useCreateReportShare, useReportShares, useRevokeReportShare } from '../api/report-shares';

const STATE_BADGES: Readonly<Record<ReportShareState, { label: string; color: string }>> = {
  ACTIVE: { label: 'Active', color: 'teal' },
  EXPIRED: { label: 'Expired', color: 'gray' },
  REVOKED: { label: 'Revoked', color: 'red' },
  MAKER_DISABLED: { label: 'Maker disabled', color: 'orange' },
};

/** When the link works until, or why it does not work now. */
function stateLine(share: ReportShare): string {
  switch (share.state) {
    case 'REVOKED':
      return share.revokedAt ? `Revoked ${formatDateTime(share.revokedAt, 'short')}` : 'Revoked';
    case 'EXPIRED':
      return `Expired ${formatDateTime(share.expiresAt, 'short')}`;
    case 'MAKER_DISABLED':
      return `Does not open while ${share.createdBy.name ?? 'its maker'}’s account is disabled`;
    case 'ACTIVE':
      return `Works until ${formatDateTime(share.expiresAt, 'short')}`;
  }
}

async function copyLink(url: string, onFailure: (message: string) => void) {
  try {
    await navigator.clipboard.writeText(url);
    showSuccessToast('Paste it wherever you want to share the report.', 'Link copied');
  } catch {
    onFailure(`The link could not be copied: select it and copy it yourself. ${url}`);
  }
}

function ShareItems({
  shares,
  onRevoke,
  onCopyFailure,
}: {
  shares: readonly ReportShare[];
  onRevoke: (share: ReportShare) => void;
  onCopyFailure: (message: string) => void;
}) {
  return shares.map((share) => {
    const badge = STATE_BADGES[share.state];
    return (
      <Paper component="li" key={share.id} withBorder radius="md" p="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2}>
            <Badge variant="light" color={badge.color} w="fit-content">
              {badge.label}
            </Badge>
            <Text size="sm">{stateLine(share)}</Text>
            <Text size="xs" c="dimmed">
              {share.lastOpenedAt
                ? `Last opened ${formatDateTime(share.lastOpenedAt, 'short')}`
                : 'Not opened yet'}
            </Text>
          </Stack>
          {(share.state === 'ACTIVE' || share.state === 'MAKER_DISABLED') && (
            <Group gap={4} wrap="nowrap">
              {share.state === 'ACTIVE' && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconCopy size={14} aria-hidden="true" />}
                  onClick={() => void copyLink(share.url, onCopyFailure)}
                >
                  Copy link
                </Button>
              )}
              {/* Revoking a disabled maker's link keeps it stopped should the maker be enabled again. */}
              <Button variant="subtle" color="red" size="compact-sm" onClick={() => onRevoke(share)}>
                Revoke
              </Button>
            </Group>
          )}
        </Group>
      </Paper>
    );
  });
}

export interface ShareDialogProps {
  campaignId: string;
  campaignName: string;
  onClose: () => void;
}

/** Read-only links to a campaign's report: a new one lasting a number of days, and those made so far. */
export function ShareDialog({ campaignId, campaignName, onClose }: ShareDialogProps) {
  const form = useZodForm(createReportShareSchema, {
    defaultValues: { expiresInDays: REPORT_SHARE_DEFAULT_DAYS },
  });
  const { errors } = form.formState;
  const shares = useReportShares(campaignId);
  const create = useCreateReportShare(campaignId);
  const revoke = useRevokeReportShare(campaignId);
  const [failure, setFailure] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ReportShare | null>(null);
  const [revokeFailure, setRevokeFailure] = useState<string | null>(null);

  const save = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const share = await create.mutateAsync(body);
      showSuccessToast(
        `It works until ${formatDateTime(share.expiresAt, 'long')}. Copy it from the list below.`,
        'Link created',
      );
    } catch (error) {
      setFailure(formFailureMessage(form, error, { shownFields: ['expiresInDays'] }));
    }
  });

  const confirmRevoke = async () => {
    if (!revoking) return;
    setRevokeFailure(null);
    try {
      await revoke.mutateAsync(revoking.id);
      setRevoking(null);
      showSuccessToast('Nobody can open the report with it any more.', 'Link revoked');
    } catch (error) {
      setRevokeFailure(failureText(error));
      throw error;
    }
  };

  const items = shares.data?.items ?? [];
  return (
    <>
      <ModalDialog
        opened
        title={`Share the report on ${campaignName}`}
        submitLabel="Create link"
        cancelLabel="Close"
        onSubmit={() => save()}
        onClose={onClose}
      >
        <Stack gap="md">
          <Text size="sm">
            Anyone with the link can read the report without an account, but cannot change anything.
          </Text>
          <FormFailure message={failure} />
          <TextField
            label="Days the link works"
            description={`From 1 to ${REPORT_SHARE_MAX_DAYS} days.`}
            type="number"
            inputMode="numeric"
            min={1}
            max={REPORT_SHARE_MAX_DAYS}
            required
            data-autofocus
            {...form.register('expiresInDays', {
              setValueAs: (value: unknown) => (value === '' ? Number.NaN : Number(value)),
            })}
            error={errors.expiresInDays?.message}
          />
          <Title order={3} size="h5" mt="sm">
            Links made so far
          </Title>
          {revokeFailure && !revoking && <FormFailure message={revokeFailure} />}
          {shares.isError ? (
            <LoadFailure
              title="We could not load the links"
              message={CHECK_CONNECTION}
              onRetry={() => void shares.refetch()}
              retrying={shares.isFetching}
            />
          ) : (
            <Stack
              component="ul"
              gap="xs"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label="Links made so far"
              aria-busy={shares.isFetching || undefined}
            >
              {items.length > 0 ? (
                <ShareItems
                  shares={items}
                  onRevoke={(share) => {
                    setRevokeFailure(null);
                    setRevoking(share);
                  }}
                  onCopyFailure={setRevokeFailure}
                />
              ) : (
                <Text component="li" c="dimmed" size="sm">
                  {shares.data ? 'No link yet.' : 'Loading the links…'}
                </Text>
              )}
            </Stack>
          )}
        </Stack>
      </ModalDialog>
      <ConfirmationSheet
        opened={revoking !== null}
        title="Revoke this link?"
        message={
          <>
            Whoever has it can no longer open the report. This cannot be undone; you can make a new link.
            {revokeFailure && (
              <Text c="red" size="sm" mt="sm" role="alert">
                {revokeFailure}
              </Text>
            )}
          </>
        }
        confirmLabel="Revoke"
        confirmColor="red"
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}
