import { HANDLE_VERIFICATION_MESSAGES, type HandleVerification } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/api-mock';
import { openAsCreator, PAGE_TEST } from '../../../test/creator-app';
import { creatorInfo } from '../../../test/creator-info';
import { screen } from '../../../test/render';

const FINISH = '/server-api/creator/handle-verifications/oauth/finish';

const connected: HandleVerification = {
  platform: 'Youtube',
  handle: 'caseycooks',
  verified: { method: 'OAUTH', at: '2026-11-02T10:05:00.000Z', accountId: 'UC123', by: null },
  latestAttempt: null,
  ways: { oauth: true, bioCode: true, evidence: true },
};

const active = creatorInfo({ status: 'ACTIVE' });

describe('the page a platform sends the creator back to', () => {
  it('sends the code and state once and says the account is connected', async () => {
    const { api } = openAsCreator('/account/connected?code=the-code&state=the-state', active, {
      [`POST ${FINISH}`]: { body: connected },
    });
    expect(
      await screen.findByRole('heading', { name: 'Account connected', level: 1 }, PAGE_TEST),
    ).toBeInTheDocument();
    expect(screen.getByText('@caseycooks on YouTube is verified as yours.')).toBeInTheDocument();
    expect(api.requestsTo('POST', FINISH).map((request) => request.body)).toEqual([
      { code: 'the-code', state: 'the-state' },
    ]);
    expect(screen.getByRole('link', { name: 'Back to your verified accounts' })).toHaveAttribute(
      'href',
      '/account/handles',
    );
  });

  it('shows the server’s message when the connection is refused', async () => {
    const message = HANDLE_VERIFICATION_MESSAGES.oauthOtherAccount('Youtube', 'caseycooks', 'someoneelse');
    openAsCreator('/account/connected?code=c&state=s', active, {
      [`POST ${FINISH}`]: { status: 409, body: errorBody('CONFLICT', message) },
    });
    expect(
      await screen.findByRole('heading', { name: 'Account not connected', level: 1 }, PAGE_TEST),
    ).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your verified accounts' })).toBeInTheDocument();
  });

  it('sends nothing when the creator cancelled on the platform', async () => {
    const { api } = openAsCreator('/account/connected?error=access_denied&state=s', active, {});
    expect(
      await screen.findByRole('heading', { name: 'Account not connected', level: 1 }, PAGE_TEST),
    ).toBeInTheDocument();
    expect(screen.getByText(/The connection was cancelled on the platform/)).toBeInTheDocument();
    expect(api.requestsTo('POST', FINISH)).toHaveLength(0);
  });
});
