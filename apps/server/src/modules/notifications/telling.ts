import { randomUUID } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_CHOICE,
  grantScope,
  MARKETING_ROLES,
  notificationAudienceOf,
  notificationText,
  type NotificationEvent,
} from '@platform/shared';
import type { Executor } from '../../db/client';
import { emailTemplates } from '../email/email.service';
import type { NotificationsContext } from './notifications.context';
import { notificationsRepository as repository } from './notifications.repository';
import { PUSH_NOTES, type CampaignReach, type NotifyInput, type StaffWork } from './notification-facts';

const choiceFor = async (executor: Executor, accountId: string, event: NotificationEvent) => {
  const row = await repository.choiceFor(executor, accountId, event);
  return row ? { email: row.email, push: row.push } : DEFAULT_NOTIFICATION_CHOICE;
};

/**
 * Writes one notification through `tx`: the feed row (or, for a kind told once per campaign while unread,
 * the unread one brought up to date), the email as the person chose, and the push state.
 */
export async function tell(
  { authService, clock, push }: NotificationsContext,
  tx: Executor,
  input: NotifyInput,
  options: { oneOpenPerCampaign?: boolean } = {},
) {
  const account = await authService.findAccountById(input.accountId, tx);
  if (!account) throw new Error(`no account ${input.accountId} to notify`);
  const audience = notificationAudienceOf(input.event);
  const choice = await choiceFor(tx, input.accountId, input.event);
  const { title, body } = notificationText({
    event: input.event,
    campaignName: input.campaignName,
    ...(input.rejection !== undefined ? { rejection: input.rejection } : {}),
    ...(input.amount !== undefined ? { amount: input.amount } : {}),
    ...(input.count !== undefined ? { count: input.count } : {}),
    ...(input.subject !== undefined ? { subject: input.subject } : {}),
  });
  const link = input.link ?? (input.campaignId ? `/campaigns/${input.campaignId}` : null);
  const now = clock.now();
  const pushes = audience === 'creator' && choice.push && push.name !== 'none';
  const pushNote =
    audience === 'staff'
      ? PUSH_NOTES.staff
      : pushes
        ? null
        : choice.push
          ? PUSH_NOTES.notConfigured
          : PUSH_NOTES.notChosen;
  const open =
    options.oneOpenPerCampaign && input.campaignId
      ? await repository.refreshOpen(tx, {
          accountId: input.accountId,
          campaignId: input.campaignId,
          event: input.event,
          title,
          body,
          createdAt: now,
        })
      : null;
  const id = open ?? randomUUID();
  if (!open) {
    await repository.insert(tx, {
      id,
      accountId: input.accountId,
      event: input.event,
      title,
      body,
      link,
      campaignId: input.campaignId,
      createdAt: now,
      readAt: null,
      pushState: pushes ? 'PENDING' : 'SKIPPED',
      pushNote,
      pushAttempts: 0,
      pushNextAt: pushes ? now : null,
    });
  }
  const emailed = choice.email && account.status === 'ACTIVE';
  return { id, title, body, link, email: emailed ? account.email : null, audience };
}

/**
 * The staff whom `work` lets act on `campaign` (or, without one, whose grant reaches every record):
 * active accounts only, and only within their scope, so nobody hears of what they may not see.
 */
export async function staffWhoMay(
  { authService, teamsService, territoriesService }: NotificationsContext,
  tx: Executor,
  work: StaffWork,
  campaign: CampaignReach | null,
): Promise<string[]> {
  const scopes = new Map(
    MARKETING_ROLES.map((role) => [role, grantScope(role, work.action, work.resource)] as const),
  );
  const roles = MARKETING_ROLES.filter((role) => scopes.get(role) !== null);
  const staff = await authService.activeStaffWithRoles(roles, tx);
  if (staff.length === 0) return [];
  const needs = new Set(staff.map((person) => scopes.get(person.role as (typeof roles)[number])));
  const teamMembers = new Set(
    campaign && needs.has('team') ? await teamsService.memberIdsOf(campaign.teamId, tx) : [],
  );
  const territoryManagers = new Set(
    campaign && needs.has('territory')
      ? await territoriesService.managerIdsOf(campaign.territoryIds, tx)
      : [],
  );
  return staff
    .filter((person) => {
      switch (scopes.get(person.role as (typeof roles)[number])) {
        case 'all':
          return true;
        case 'team':
          return teamMembers.has(person.id);
        case 'territory':
          return territoryManagers.has(person.id);
        default:
          return false;
      }
    })
    .map((person) => person.id);
}

export const staffEmail = (
  { publicUrl }: NotificationsContext,
  told: { title: string; body: string; link: string | null },
) =>
  emailTemplates.notification({
    title: told.title,
    body: told.body,
    url: `${publicUrl}${told.link ?? '/console'}`,
    audience: 'staff',
  });
