import { randomUUID } from 'node:crypto';
import { access } from '@platform/shared';
import { entryHolds, entryMetricReadings } from '../../db/schema/index';
import { targetCampaignId, type AccessCase, type CaseSetup } from '../../test/access-cases';
import { createCreator, createEntry, TINY_MP4 } from '../../test/factories';

const HOLDS = '/server-api/marketing/holds';
const CREATOR_HOLDS = '/server-api/creator/holds';
const HOUR_MS = 3_600_000;
const READINGS = [
  [3, 1_000],
  [1, 9_000],
] as const;

/**
 * An open hold the target asks for: in scope, on a live campaign of the home team and territory, on the
 * caller's own entry when a creator calls; out of scope, another creator's elsewhere; missing, nothing.
 */
async function targetHold(setup: CaseSetup): Promise<{ id: string; entryId: string }> {
  const { context, caller, target } = setup;
  if (target === 'missing') return { id: randomUUID(), entryId: randomUUID() };
  const campaignId = await targetCampaignId(setup, 'LIVE');
  const creatorId =
    target === 'in-scope' && caller?.role === 'Creator' ? caller.id : (await createCreator(context)).id;
  const entry = await createEntry(context, { campaignId, creatorId });
  const id = randomUUID();
  await context.db.insert(entryHolds).values({
    id,
    entryId: entry.id,
    campaignId,
    creatorId,
    status: 'HELD',
    score: 65,
    signals: [],
    heldAt: context.clock.now(),
  });
  return { id, entryId: entry.id };
}

/**
 * Two readings of the entry (none for a missing one), three hours and an hour ago, so that a window between
 * them can be excluded.
 */
async function readingsOf(setup: CaseSetup, entryId: string) {
  const now = setup.context.clock.now().getTime();
  for (const [hoursAgo, views] of setup.target === 'missing' ? [] : READINGS) {
    const readAt = new Date(now - hoursAgo * HOUR_MS);
    await setup.context.db.insert(entryMetricReadings).values({
      id: randomUUID(),
      entryId,
      views,
      likes: 1,
      comments: 0,
      shares: null,
      source: 'tiktok-business',
      readAt,
      recordedAt: readAt,
    });
  }
  return { from: new Date(now - 3 * HOUR_MS).toISOString(), to: new Date(now - HOUR_MS).toISOString() };
}

const decision = (move: 'accept' | 'exclude' | 'reject'): AccessCase => ({
  route: `POST ${HOLDS}/{id}/${move}`,
  expect: access.staff('REVIEW', 'CAMPAIGN_SUBMISSION', { scoped: true }),
  targetsRecord: true,
  request: async (setup) => {
    const hold = await targetHold(setup);
    const body =
      move === 'accept'
        ? {}
        : move === 'reject'
          ? { reason: 'OTHER', note: 'The views were bought.' }
          : { ...(await readingsOf(setup, hold.entryId)), reason: 'The views were bought.' };
    return { method: 'POST', url: `${HOLDS}/${hold.id}/${move}`, body };
  },
});

export const viewValidationAccessCases: AccessCase[] = [
  {
    route: `GET ${HOLDS}`,
    expect: access.staff('READ', 'CAMPAIGN_SUBMISSION', { scoped: true }),
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: `${HOLDS}?status=open` }),
  },
  {
    route: `GET ${HOLDS}/{id}`,
    expect: access.staff('READ', 'CAMPAIGN_SUBMISSION', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({ method: 'GET', url: `${HOLDS}/${(await targetHold(setup)).id}` }),
  },
  decision('accept'),
  decision('exclude'),
  decision('reject'),
  {
    route: 'GET /server-api/creator/campaigns/{id}/view-checks',
    expect: access.creator,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `/server-api/creator/campaigns/${await targetCampaignId(setup, 'LIVE')}/view-checks`,
    }),
  },
  {
    route: `GET ${CREATOR_HOLDS}/{id}/appeal-upload-url`,
    expect: access.creator,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `${CREATOR_HOLDS}/${(await targetHold(setup)).id}/appeal-upload-url`,
    }),
  },
  {
    route: `POST ${CREATOR_HOLDS}/{id}/appeal`,
    expect: access.creator,
    targetsRecord: true,
    request: async (setup) => {
      const hold = await targetHold(setup);
      const fileKey = `hold-appeal-uploads/${hold.id}/${randomUUID()}`;
      await setup.context.storage.put(fileKey, TINY_MP4, 'video/mp4');
      return {
        method: 'POST',
        url: `${CREATOR_HOLDS}/${hold.id}/appeal`,
        body: { note: 'These views are real.', fileKey },
      };
    },
  },
];
