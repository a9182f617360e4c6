import { randomUUID } from 'node:crypto';
import { access, type EntryStatus } from '@platform/shared';
import { campaignRsvps } from '../../db/schema/index';
import { targetCampaignId, type AccessCase, type CaseSetup } from '../../test/access-cases';
import { createCreator, createEntry, giveHandle } from '../../test/factories';

const ENTRY = '/server-api/campaigns/entry';
const STAFF = '/server-api/marketing/campaigns';

// A link that names no account: these cases are about who may call, not whose post it is (entry-authors.test.ts).
const tiktokLink = () =>
  `https://m.tiktok.com/v/${7_300_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e15))}.html`;

/** The creator a creator route acts for (the caller when a creator calls), taking part in `campaignId`. */
async function participantOf({ context, caller }: CaseSetup, campaignId: string): Promise<string> {
  const creatorId = caller?.role === 'Creator' ? caller.id : (await createCreator(context)).id;
  await giveHandle(context, creatorId, 'TikTok');
  const now = context.clock.now();
  await context.db
    .insert(campaignRsvps)
    .values({
      id: randomUUID(),
      campaignId,
      creatorId,
      status: 'ACCEPT',
      invitedBy: null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  return creatorId;
}

/**
 * An entry in `status` to a live campaign the target asks for: in scope, the caller's own (a creator) on a
 * campaign of the home team and territory; out of scope, another creator's elsewhere; missing, nothing.
 */
async function targetEntry(setup: CaseSetup, status: EntryStatus) {
  const campaignId = await targetCampaignId(setup, 'LIVE');
  if (setup.target === 'missing') return { campaignId, id: randomUUID() };
  const creatorId =
    setup.target === 'in-scope'
      ? await participantOf(setup, campaignId)
      : (await createCreator(setup.context)).id;
  const { id } = await createEntry(setup.context, { campaignId, creatorId, status });
  return { campaignId, id };
}

/** A live campaign the target asks for, that a creator caller takes part in. */
async function targetLiveCampaign(setup: CaseSetup): Promise<string> {
  const campaignId = await targetCampaignId(setup, 'LIVE');
  if (setup.target === 'in-scope') await participantOf(setup, campaignId);
  return campaignId;
}

const staffMove = (
  move: 'approve' | 'archive',
  grant: 'APPROVE' | 'REVIEW',
  from: EntryStatus,
): AccessCase => ({
  route: `POST ${STAFF}/{id}/entries/{entryId}/${move}`,
  expect: access.staff(grant, 'CAMPAIGN_SUBMISSION', { scoped: true }),
  targetsRecord: true,
  request: async (setup) => {
    const entry = await targetEntry(setup, from);
    return { method: 'POST', url: `${STAFF}/${entry.campaignId}/entries/${entry.id}/${move}` };
  },
});

const staffBulkMove = (
  move: 'approve' | 'reject' | 'archive',
  grant: 'APPROVE' | 'REJECT' | 'REVIEW',
  from: EntryStatus,
): AccessCase => ({
  route: `POST ${STAFF}/{id}/entries/bulk-${move}`,
  expect: access.staff(grant, 'CAMPAIGN_SUBMISSION', { scoped: true }),
  targetsRecord: true,
  request: async (setup) => {
    const entry = await targetEntry(setup, from);
    return {
      method: 'POST',
      url: `${STAFF}/${entry.campaignId}/entries/bulk-${move}`,
      body: { entryIds: [entry.id], ...(move === 'reject' ? { rejection: { reason: 'LOW_QUALITY' } } : {}) },
    };
  },
});

export const entriesAccessCases: AccessCase[] = [
  {
    route: `POST ${ENTRY}`,
    expect: access.creator,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: ENTRY,
      body: { campaignId: await targetLiveCampaign(setup), postLink: tiktokLink(), platform: 'TikTok' },
    }),
  },
  {
    route: `PATCH ${ENTRY}/{id}`,
    expect: access.creator,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'PATCH',
      url: `${ENTRY}/${(await targetEntry(setup, 'REJECTED')).id}`,
      body: { postLink: tiktokLink() },
    }),
  },
  {
    route: `POST ${ENTRY}/search`,
    expect: access.creator,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `${ENTRY}/search`,
      body: { campaignId: await targetLiveCampaign(setup) },
    }),
  },
  {
    route: 'GET /server-api/campaigns/{id}/entry',
    expect: access.creator,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `/server-api/campaigns/${await targetLiveCampaign(setup)}/entry`,
    }),
  },
  {
    route: 'GET /server-api/campaigns/{id}/entry-count',
    expect: access.creator,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `/server-api/campaigns/${await targetLiveCampaign(setup)}/entry-count`,
    }),
  },
  {
    route: `GET ${ENTRY}/preview-url/{encodedLink}`,
    expect: access.signedIn,
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: `${ENTRY}/preview-url/${encodeURIComponent(tiktokLink())}` }),
  },
  {
    route: `GET ${STAFF}/{id}/entries`,
    expect: access.staff('READ', 'CAMPAIGN_SUBMISSION', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `${STAFF}/${await targetCampaignId(setup, 'LIVE')}/entries?status=SUBMITTED`,
    }),
  },
  {
    route: `POST ${STAFF}/{id}/entries/{entryId}/reject`,
    expect: access.staff('REJECT', 'CAMPAIGN_SUBMISSION', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => {
      const entry = await targetEntry(setup, 'SUBMITTED');
      return {
        method: 'POST',
        url: `${STAFF}/${entry.campaignId}/entries/${entry.id}/reject`,
        body: { reason: 'LOW_QUALITY' },
      };
    },
  },
  {
    route: `POST ${STAFF}/{id}/entries/{entryId}/request-changes`,
    expect: access.staff('REJECT', 'CAMPAIGN_SUBMISSION', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => {
      const entry = await targetEntry(setup, 'SUBMITTED');
      return {
        method: 'POST',
        url: `${STAFF}/${entry.campaignId}/entries/${entry.id}/request-changes`,
        body: { note: 'Show the product in the first three seconds.' },
      };
    },
  },
  staffMove('approve', 'APPROVE', 'SUBMITTED'),
  staffMove('archive', 'REVIEW', 'APPROVED'),
  staffBulkMove('approve', 'APPROVE', 'SUBMITTED'),
  staffBulkMove('reject', 'REJECT', 'SUBMITTED'),
  staffBulkMove('archive', 'REVIEW', 'APPROVED'),
  {
    route: 'GET /server-api/campaigns/{id}/ugc-upload-url',
    expect: access.creator,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `/server-api/campaigns/${await targetLiveCampaign(setup)}/ugc-upload-url`,
    }),
  },
  {
    route: 'GET /server-api/campaigns/{id}/ugc-url',
    expect: access.creator,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `/server-api/campaigns/${await targetLiveCampaign(setup)}/ugc-url`,
    }),
  },
];
