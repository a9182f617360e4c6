import { randomUUID } from 'node:crypto';
import { access } from '@platform/shared';
import { handleVerificationAttempts } from '../../db/schema/index';
import type { AccessCase, CaseSetup } from '../../test/access-cases';
import { createCreator, giveHandle } from '../../test/factories';

/** Evidence waiting for Support, of a creator with an unproven TikTok handle; a made-up id when asked for a missing one. */
async function evidenceFor({ context, target }: CaseSetup): Promise<string> {
  if (target === 'missing') return randomUUID();
  const creator = await createCreator(context);
  const handle = `proof_${randomUUID().slice(0, 8)}`;
  await giveHandle(context, creator.id, 'TikTok', handle, { verified: false });
  const id = randomUUID();
  await context.db.insert(handleVerificationAttempts).values({
    id,
    creatorId: creator.id,
    platform: 'TikTok',
    handle,
    method: 'EVIDENCE',
    status: 'PENDING',
    evidenceKey: `handle-evidence/${creator.id}/${id}`,
    evidenceContentType: 'video/mp4',
    createdAt: context.clock.now(),
  });
  return id;
}

const creatorCase = (route: string, method: 'GET' | 'POST', url: string, body?: object): AccessCase => ({
  route,
  expect: access.creator,
  targetsRecord: false,
  request: async () => ({ method, url, ...(body ? { body } : {}) }),
  // Past the access check, the world's creator has no handle on YouTube to prove, or no round trip.
  ...(method === 'POST' ? { allowedStatus: 422 } : {}),
});

export const handleVerificationAccessCases: AccessCase[] = [
  creatorCase(
    'GET /server-api/creator/handle-verifications',
    'GET',
    '/server-api/creator/handle-verifications',
  ),
  creatorCase(
    'POST /server-api/creator/handle-verifications/{platform}/bio-code',
    'POST',
    '/server-api/creator/handle-verifications/Youtube/bio-code',
  ),
  creatorCase(
    'POST /server-api/creator/handle-verifications/{platform}/bio-code/check',
    'POST',
    '/server-api/creator/handle-verifications/Youtube/bio-code/check',
  ),
  creatorCase(
    'POST /server-api/creator/handle-verifications/{platform}/evidence-upload',
    'POST',
    '/server-api/creator/handle-verifications/Youtube/evidence-upload',
    { contentType: 'video/mp4', size: 1000 },
  ),
  creatorCase(
    'POST /server-api/creator/handle-verifications/{platform}/evidence',
    'POST',
    '/server-api/creator/handle-verifications/Youtube/evidence',
    { attemptId: randomUUID() },
  ),
  creatorCase(
    'POST /server-api/creator/handle-verifications/{platform}/oauth/start',
    'POST',
    '/server-api/creator/handle-verifications/Youtube/oauth/start',
  ),
  creatorCase(
    'POST /server-api/creator/handle-verifications/oauth/finish',
    'POST',
    '/server-api/creator/handle-verifications/oauth/finish',
    { state: 'not-a-round-trip', code: 'not-a-code' },
  ),
  {
    route: 'GET /server-api/marketing/handle-evidence',
    expect: access.staff('REVIEW', 'CREATOR', { scoped: false }),
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/server-api/marketing/handle-evidence' }),
  },
  {
    route: 'GET /server-api/marketing/handle-evidence/{id}',
    expect: access.staff('REVIEW', 'CREATOR', { scoped: false }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `/server-api/marketing/handle-evidence/${await evidenceFor(setup)}`,
    }),
  },
  {
    route: 'POST /server-api/marketing/handle-evidence/{id}/decision',
    expect: access.staff('REVIEW', 'CREATOR', { scoped: false }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `/server-api/marketing/handle-evidence/${await evidenceFor(setup)}/decision`,
      body: { decision: 'REFUSE', reason: 'The recording does not show the profile.' },
    }),
  },
];
