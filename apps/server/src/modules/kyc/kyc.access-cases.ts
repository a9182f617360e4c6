import { randomUUID } from 'node:crypto';
import { access } from '@platform/shared';
import type { AccessCase, CaseSetup } from '../../test/access-cases';
import { createCreator, createKycApplication } from '../../test/factories';

/** A check waiting for Support, of a creator at KYC_CHECK; a made-up id when the case asks for a missing one. */
async function checkFor({ context, target }: CaseSetup): Promise<string> {
  if (target === 'missing') return randomUUID();
  const creator = await createCreator(context, { status: 'KYC_CHECK' });
  return (await createKycApplication(context, { creatorId: creator.id })).id;
}

export const kycAccessCases: AccessCase[] = [
  {
    route: 'GET /server-api/creator/kyc-sdk-config',
    expect: access.creator,
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/server-api/creator/kyc-sdk-config' }),
  },
  {
    route: 'GET /server-api/creator/create-kyc-application',
    expect: access.creator,
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/server-api/creator/create-kyc-application' }),
    // The world's creator is ACTIVE: past the access check, their check was submitted long ago (SPEC §7).
    allowedStatus: 422,
  },
  {
    route: 'POST /server-api/hooks/kyc/onfido',
    expect: access.public,
    targetsRecord: false,
    request: async () => ({ method: 'POST', url: '/server-api/hooks/kyc/onfido', body: { payload: {} } }),
    // The matrix's server has no Onfido: past the access check, the webhook says it takes nothing (with a
    // code of its own, not NOT_FOUND). Signed events are tested in kyc.test.ts.
    allowedStatus: 404,
  },
  {
    route: 'GET /server-api/marketing/kyc',
    expect: access.staff('REVIEW', 'CREATOR', { scoped: false }),
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/server-api/marketing/kyc' }),
  },
  {
    route: 'GET /server-api/marketing/kyc/{id}',
    expect: access.staff('REVIEW', 'CREATOR', { scoped: false }),
    targetsRecord: true,
    request: async (setup) => ({ method: 'GET', url: `/server-api/marketing/kyc/${await checkFor(setup)}` }),
  },
  {
    route: 'POST /server-api/marketing/kyc/{id}/decision',
    expect: access.staff('REVIEW', 'CREATOR', { scoped: false }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: `/server-api/marketing/kyc/${await checkFor(setup)}/decision`,
      body: { decision: 'approve' },
    }),
  },
];
