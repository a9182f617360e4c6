import { randomUUID } from 'node:crypto';
import { access } from '@platform/shared';
import { targetCampaignId, type AccessCase, type CaseSetup } from '../../test/access-cases';
import { createCreator, createEntry } from '../../test/factories';

const STAFF = '/server-api/marketing';

/** An approved entry of a live campaign the target asks for, as `campaigns/{id}/entries/{entryId}`. */
async function targetEntryPath(setup: CaseSetup): Promise<string> {
  if (setup.target === 'missing') return `campaigns/${randomUUID()}/entries/${randomUUID()}`;
  const campaignId = await targetCampaignId(setup, 'LIVE');
  const creator = await createCreator(setup.context);
  const entry = await createEntry(setup.context, { campaignId, creatorId: creator.id, status: 'APPROVED' });
  return `campaigns/${campaignId}/entries/${entry.id}`;
}

export const metricsAccessCases: AccessCase[] = [
  {
    route: 'GET /server-api/campaigns/{id}/leaderboard',
    expect: access.creator,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `/server-api/campaigns/${await targetCampaignId(setup, 'LIVE')}/leaderboard`,
    }),
  },
  {
    route: `GET ${STAFF}/campaigns/{id}/leaderboard`,
    expect: access.staff('READ', 'CAMPAIGN', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `${STAFF}/campaigns/${await targetCampaignId(setup, 'LIVE')}/leaderboard`,
    }),
  },
  {
    route: `POST ${STAFF}/campaigns/{id}/metrics/import`,
    expect: access.staff('EDIT', 'CAMPAIGN', { scoped: true }),
    targetsRecord: true,
    // The matrix sends JSON or nothing, and the import takes a CSV: past the access check and the
    // campaign's scope, a request without a file is told that it is empty.
    request: async (setup) => ({
      method: 'POST',
      url: `${STAFF}/campaigns/${await targetCampaignId(setup, 'LIVE')}/metrics/import?preview=true`,
    }),
    allowedStatus: 400,
  },
  {
    route: `POST ${STAFF}/campaigns/{id}/entries/{entryId}/metrics`,
    expect: access.staff('EDIT', 'CAMPAIGN', { scoped: true }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `${STAFF}/${await targetEntryPath(setup)}/metrics`,
      body: { views: 1200, note: 'The platform counted the creator’s own replays.' },
    }),
  },
  {
    route: 'POST /server-api/metrics/webhook',
    expect: access.public,
    targetsRecord: false,
    request: async () => ({
      method: 'POST',
      url: '/server-api/metrics/webhook',
      body: {
        readings: [
          {
            postLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
            views: 10,
            readAt: '2026-11-21T09:00:00Z',
          },
        ],
      },
    }),
    // The matrix's server has no METRICS_WEBHOOK_SECRET: past the access check, the webhook says it takes
    // nothing (with a code of its own, not NOT_FOUND). Signed deliveries are tested in metrics.test.ts.
    allowedStatus: 404,
  },
];
