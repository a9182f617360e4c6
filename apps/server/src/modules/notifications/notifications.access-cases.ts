import { randomUUID } from 'node:crypto';
import { access } from '@platform/shared';
import type { AccessCase, CaseSetup } from '../../test/access-cases';
import { createCreator } from '../../test/factories';

const BASE = '/server-api/notifications';

/**
 * A notification the target asks for: in scope, the caller's own (creator or staff: each has a feed);
 * out of scope, a creator's not theirs; missing, the id of nothing.
 */
async function targetNotificationId({ context, caller, target }: CaseSetup): Promise<string> {
  if (target === 'missing') return randomUUID();
  const accountId = target === 'in-scope' && caller ? caller.id : (await createCreator(context)).id;
  const { id } = await context.db.transaction((tx) =>
    context.services.notifications.notify(tx, {
      accountId,
      event: 'PAYMENT_APPROVED',
      campaignId: null,
      campaignName: 'Winter Lights',
      amount: '£250.00',
    }),
  );
  return id;
}

export const notificationsAccessCases: AccessCase[] = [
  {
    route: `GET ${BASE}`,
    expect: access.signedIn,
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: BASE }),
  },
  {
    route: `GET ${BASE}/unread-count`,
    expect: access.signedIn,
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: `${BASE}/unread-count` }),
  },
  {
    route: `POST ${BASE}/{id}/read`,
    expect: access.signedIn,
    targetsRecord: true,
    request: async (setup) => ({ method: 'POST', url: `${BASE}/${await targetNotificationId(setup)}/read` }),
  },
  {
    route: `POST ${BASE}/read-all`,
    expect: access.signedIn,
    targetsRecord: false,
    request: async () => ({ method: 'POST', url: `${BASE}/read-all` }),
  },
  {
    route: `GET ${BASE}/preferences`,
    expect: access.signedIn,
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: `${BASE}/preferences` }),
  },
  {
    route: `PUT ${BASE}/preferences`,
    expect: access.signedIn,
    targetsRecord: false,
    // Each chooses among the kinds of their own audience: a creator's, or a staff member's.
    request: async ({ caller }) => ({
      method: 'PUT',
      url: `${BASE}/preferences`,
      body: {
        choices: [
          {
            event: caller && caller.role !== 'Creator' ? 'CAMPAIGN_SUBMITTED' : 'POST_APPROVED',
            email: false,
            push: true,
          },
        ],
      },
    }),
  },
];
