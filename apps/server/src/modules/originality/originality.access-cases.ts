import { randomUUID } from 'node:crypto';
import { access } from '@platform/shared';
import { entryOriginality } from '../../db/schema/index';
import { targetCampaignId, type AccessCase, type CaseSetup } from '../../test/access-cases';
import { createCreator, createEntry } from '../../test/factories';

const STAFF = '/server-api/marketing/campaigns';

/** An entry of the target campaign whose video was found to resemble another's, waiting to be cleared. */
async function heldEntry(setup: CaseSetup): Promise<{ campaignId: string; id: string }> {
  const campaignId = await targetCampaignId(setup, 'LIVE');
  if (setup.target === 'missing') return { campaignId, id: randomUUID() };
  const creator = await createCreator(setup.context);
  const { id } = await createEntry(setup.context, { campaignId, creatorId: creator.id });
  const now = setup.context.clock.now();
  await setup.context.db
    .insert(entryOriginality)
    .values({ entryId: id, status: 'MATCHED', distance: 0.05, checkedAt: now, createdAt: now });
  return { campaignId, id };
}

export const originalityAccessCases: AccessCase[] = [
  {
    route: `GET ${STAFF}/{id}/entry-checks`,
    expect: access.staff('READ', 'CAMPAIGN_SUBMISSION', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `${STAFF}/${await targetCampaignId(setup, 'LIVE')}/entry-checks`,
    }),
  },
  {
    route: `POST ${STAFF}/{id}/entries/{entryId}/originality/clear`,
    expect: access.staff('APPROVE', 'CAMPAIGN_SUBMISSION', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => {
      const entry = await heldEntry(setup);
      return { method: 'POST', url: `${STAFF}/${entry.campaignId}/entries/${entry.id}/originality/clear` };
    },
  },
  {
    route: 'GET /server-api/creator/campaigns/{id}/entry-posters',
    expect: access.creator,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `/server-api/creator/campaigns/${await targetCampaignId(setup, 'LIVE')}/entry-posters`,
    }),
  },
];
