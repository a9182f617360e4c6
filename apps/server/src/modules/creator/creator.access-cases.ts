import { randomUUID } from 'node:crypto';
import { access } from '@platform/shared';
import type { AccessCase, CaseSetup } from '../../test/access-cases';
import { createLookup, profileBody } from '../../test/factories';
import { SHIPPED_TERMS_ID } from '../../test/harness';

/** The caller's own id for a record route in scope; an id nobody has otherwise (every creator route is 404 then). */
const ownIdOr404 = ({ caller, target }: CaseSetup) =>
  target === 'in-scope' && caller ? caller.id : randomUUID();

/**
 * The world's creator is ACTIVE with the profile the factory gives (Casey Creator, born 1995-04-12): a
 * profile that keeps the name and date of birth the identity check confirmed.
 */
const activeCreatorProfile = async ({ context }: CaseSetup) =>
  profileBody((await createLookup(context, 'genre')).id);

export const creatorAccessCases: AccessCase[] = [
  {
    route: 'GET /server-api/creator/profile',
    expect: access.signedIn,
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/server-api/creator/profile' }),
  },
  {
    route: 'GET /server-api/creator/get-info',
    expect: access.creator,
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/server-api/creator/get-info' }),
  },
  {
    route: 'PATCH /server-api/creator',
    expect: access.creator,
    targetsRecord: false,
    request: async (setup) => ({
      method: 'PATCH',
      url: '/server-api/creator',
      body: await activeCreatorProfile(setup),
    }),
  },
  {
    route: 'GET /server-api/creator/validate-handle/{platform}/{handle}',
    expect: access.creator,
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/server-api/creator/validate-handle/TikTok/some_handle' }),
  },
  ...(['vat', 'abn'] as const).map((segment): AccessCase => ({
    route: `GET /server-api/creator/validate-${segment}-compliance/{id}`,
    expect: access.creator,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `/server-api/creator/validate-${segment}-compliance/${ownIdOr404(setup)}`,
    }),
    // The world's creator has no tax registration to check: past the access check, a 422 says so.
    allowedStatus: 422,
  })),
  {
    route: 'PATCH /server-api/creator/{id}/user-info',
    expect: access.creator,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'PATCH',
      url: `/server-api/creator/${ownIdOr404(setup)}/user-info`,
      body: { acceptedTermsId: SHIPPED_TERMS_ID },
    }),
  },
  {
    route: 'PATCH /server-api/creator/artist-selection',
    expect: access.creator,
    targetsRecord: false,
    request: async ({ context }) => ({
      method: 'PATCH',
      url: '/server-api/creator/artist-selection',
      body: { artistIds: [(await createLookup(context, 'artist')).id] },
    }),
  },
  {
    route: 'PATCH /server-api/creator/user/tracking',
    expect: access.creator,
    targetsRecord: false,
    request: async () => ({
      method: 'PATCH',
      url: '/server-api/creator/user/tracking',
      body: { trackingPermissions: { mode: 'ALLOW' } },
    }),
  },
  {
    route: 'POST /server-api/creator/create-sns-platform-endpoint',
    expect: access.creator,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'POST',
      url: '/server-api/creator/create-sns-platform-endpoint',
      body: { creatorId: ownIdOr404(setup), deviceToken: `device-${randomUUID()}` },
    }),
  },
  {
    route: 'GET /server-api/creator/user/{id}/deactivate',
    expect: access.creator,
    targetsRecord: true,
    endsCreatorAccount: true,
    request: async (setup) => ({
      method: 'GET',
      url: `/server-api/creator/user/${ownIdOr404(setup)}/deactivate`,
    }),
  },
];
