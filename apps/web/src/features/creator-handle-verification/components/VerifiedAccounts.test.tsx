import {
  HANDLE_EVIDENCE_MAX_BYTES,
  HANDLE_VERIFICATION_MESSAGES,
  type HandleVerification,
} from '@platform/shared';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, type MockReply } from '../../../test/api-mock';
import { openAsCreator, PAGE_TEST } from '../../../test/creator-app';
import { creatorInfo } from '../../../test/creator-info';
import { screen } from '../../../test/render';
import { clearToasts, shownToasts } from '../../../test/toasts';
import { stubUploadRequests } from '../../../test/upload-requests';

const LIST = '/server-api/creator/handle-verifications';
const TIKTOK = `${LIST}/TikTok`;
const CODE = 'CP-7Q4M-X2KD';

const casey: HandleVerification = {
  platform: 'TikTok',
  handle: 'casey',
  verified: null,
  latestAttempt: null,
  ways: { oauth: false, bioCode: true, evidence: true },
};

const withCode: HandleVerification = {
  ...casey,
  latestAttempt: {
    id: 'a1',
    method: 'BIO_CODE',
    status: 'PENDING',
    code: CODE,
    reason: null,
    createdAt: '2026-11-02T10:00:00.000Z',
    expiresAt: '2026-11-09T10:00:00.000Z',
  },
};

const verifiedByCode: HandleVerification = {
  ...withCode,
  verified: { method: 'BIO_CODE', at: '2026-11-02T10:05:00.000Z', accountId: '123', by: null },
  latestAttempt: { ...withCode.latestAttempt!, status: 'VERIFIED' },
};

const active = creatorInfo({ status: 'ACTIVE' });

function open(routes: Record<string, MockReply | (() => MockReply)>, items = [casey]) {
  return openAsCreator('/account/handles', active, { [`GET ${LIST}`]: { body: { items } }, ...routes });
}

const card = () => screen.findByRole('region', { name: '@casey on TikTok' }, PAGE_TEST);

describe('verified accounts', () => {
  afterEach(clearToasts);

  it('gives a code for the bio, shows the server’s refusal when it is not there, then verifies', async () => {
    let found = false;
    const { api, user } = open({
      [`POST ${TIKTOK}/bio-code`]: { body: withCode },
      [`POST ${TIKTOK}/bio-code/check`]: () =>
        found
          ? { body: verifiedByCode }
          : {
              status: 422,
              body: errorBody(
                'UNPROCESSABLE',
                HANDLE_VERIFICATION_MESSAGES.codeNotFound('TikTok', 'casey', CODE),
              ),
            },
    });
    const section = await card();
    expect(within(section).getByText('Not verified')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Verified accounts', level: 1 }, PAGE_TEST),
    ).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Use a code in your bio' }));
    await user.click(await within(section).findByRole('button', { name: 'Get my code' }));
    expect(await within(section).findByText(CODE)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Copy the code' })).toBeInTheDocument();
    expect(within(section).getByText(/Paste the code anywhere in it and save/)).toBeInTheDocument();
    expect(within(section).getByText(/The code works until 09 Nov, 2026/)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Check my bio' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      HANDLE_VERIFICATION_MESSAGES.codeNotFound('TikTok', 'casey', CODE),
    );

    found = true;
    await user.click(within(section).getByRole('button', { name: 'Check my bio' }));
    expect(await within(section).findByText('Verified')).toBeInTheDocument();
    expect(within(section).getByText('Verified: Code in bio · 02 Nov, 2026')).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Check my bio' })).not.toBeInTheDocument();
    expect(await shownToasts()).toContain(
      `Handle verified: ${HANDLE_VERIFICATION_MESSAGES.codeFound('TikTok', 'casey')}`,
    );
    expect(api.requestsTo('POST', `${TIKTOK}/bio-code/check`)).toHaveLength(2);
  });

  it('says in the server’s words when the platform did not answer or too many checks were made', async () => {
    const { user } = open(
      {
        [`POST ${TIKTOK}/bio-code/check`]: {
          status: 503,
          body: errorBody('SERVICE_UNAVAILABLE', HANDLE_VERIFICATION_MESSAGES.platformUnavailable('TikTok')),
        },
      },
      [withCode],
    );
    const section = await card();
    await user.click(await within(section).findByRole('button', { name: 'Check my bio' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'TikTok did not answer. Please try again in a few minutes.',
    );
  });

  it('uploads a screen recording with its progress and sends it to Support', async () => {
    const uploads = stubUploadRequests();
    const pending: HandleVerification = {
      ...casey,
      latestAttempt: {
        id: 'att-1',
        method: 'EVIDENCE',
        status: 'PENDING',
        code: null,
        reason: null,
        createdAt: '2026-11-03T09:00:00.000Z',
        expiresAt: null,
      },
    };
    const { api, user } = open({
      [`POST ${TIKTOK}/evidence-upload`]: {
        body: { uploadUrl: '/uploads/evidence-1', attemptId: 'att-1', maxBytes: HANDLE_EVIDENCE_MAX_BYTES },
      },
      [`POST ${TIKTOK}/evidence`]: { body: pending },
    });
    const section = await card();
    await user.click(within(section).getByRole('button', { name: 'Send a screen recording' }));
    const input = await within(section).findByLabelText('Screen recording of @casey');
    await user.upload(input, new File(['recording'], 'proof.mp4', { type: 'video/mp4' }));

    const upload = await uploads.to('/uploads/evidence-1');
    expect([upload.method, upload.headers['content-type']]).toEqual(['PUT', 'video/mp4']);
    expect(api.requestsTo('POST', `${TIKTOK}/evidence-upload`)[0]?.body).toEqual({
      contentType: 'video/mp4',
      size: 9,
    });
    const send = within(section).getByRole('button', { name: 'Send to Support' });
    expect(send).toBeDisabled();
    upload.progress(3, 9);
    expect(within(section).getByText('Uploading… 33%')).toBeInTheDocument();
    expect(within(section).getByRole('progressbar', { name: 'Uploading proof.mp4' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    upload.respond(200);
    expect(await within(section).findByText('Uploaded')).toBeInTheDocument();

    await user.click(send);
    expect(await within(section).findByText('Pending with Support')).toBeInTheDocument();
    expect(api.requestsTo('POST', `${TIKTOK}/evidence`)[0]?.body).toEqual({ attemptId: 'att-1' });
    expect(
      within(section).queryByRole('button', { name: 'Send a screen recording' }),
    ).not.toBeInTheDocument();
    expect(await shownToasts()).toContain(
      'Recording sent: Support will look at your recording of @casey on TikTok.',
    );
  });

  it('refuses a file that is not an accepted video before anything is sent', async () => {
    const { api } = open({});
    const user = userEvent.setup({ applyAccept: false });
    const section = await card();
    await user.click(within(section).getByRole('button', { name: 'Send a screen recording' }));
    const input = await within(section).findByLabelText('Screen recording of @casey');
    await user.upload(input, new File(['x'], 'proof.avi', { type: 'video/x-msvideo' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      HANDLE_VERIFICATION_MESSAGES.evidenceWrongType,
    );
    expect(api.requestsTo('POST', `${TIKTOK}/evidence-upload`)).toHaveLength(0);
  });

  it('shows Support’s refusal with its reason, and how a verified handle was proven', async () => {
    const refused: HandleVerification = {
      ...casey,
      latestAttempt: {
        id: 'att-2',
        method: 'EVIDENCE',
        status: 'REFUSED',
        code: null,
        reason: 'The recording does not show the profile signed in.',
        createdAt: '2026-11-03T09:00:00.000Z',
        expiresAt: null,
      },
    };
    const insta: HandleVerification = {
      ...casey,
      platform: 'Instagram',
      handle: 'casey.ig',
      verified: { method: 'OAUTH', at: '2026-11-01T08:00:00.000Z', accountId: '9', by: null },
    };
    open({}, [refused, insta]);
    const section = await card();
    expect(within(section).getByText('Refused by Support')).toBeInTheDocument();
    expect(
      within(section).getByText(/The recording does not show the profile signed in\./),
    ).toBeInTheDocument();
    const other = screen.getByRole('region', { name: '@casey.ig on Instagram' });
    expect(within(other).getByText('Verified: Connected account · 01 Nov, 2026')).toBeInTheDocument();
  });

  it('sends the creator to the platform to connect the account', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = open(
      { [`POST ${TIKTOK}/oauth/start`]: { body: { authorizationUrl: 'https://tiktok.test/auth?x=1' } } },
      [{ ...casey, ways: { oauth: true, bioCode: false, evidence: true } }],
    );
    const section = await card();
    await user.click(within(section).getByRole('button', { name: 'Connect account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://tiktok.test/auth?x=1'));
  });

  it('offers a retry when the handles cannot be loaded', async () => {
    let fail = true;
    const { user } = open({
      [`GET ${LIST}`]: () =>
        fail ? { status: 500, body: errorBody('INTERNAL', 'Boom') } : { body: { items: [casey] } },
    });
    expect(await screen.findByText('We could not load your handles', {}, PAGE_TEST)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card()).toBeInTheDocument();
  });
});
