import { HOLD_MESSAGES, type CreatorHold, type EntryViewCheck } from '@platform/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, mockApi, type MockReply } from '../../../test/api-mock';
import { signedIn } from '../../../test/console';
import { fieldErrorOf } from '../../../test/render';
import { renderWidget } from '../../../test/render-widget';
import { clearToasts, shownToasts } from '../../../test/toasts';
import { stubUploadRequests } from '../../../test/upload-requests';
import CampaignViewChecks from './CampaignViewChecks';

const CAMPAIGN_ID = 'c0ffee00-0000-4000-8000-000000000001';
const HOLD_ID = '7c1d9a52-8d4e-4b7a-9c2d-0000000000h1';
const CHECKS = `/server-api/creator/campaigns/${CAMPAIGN_ID}/view-checks`;
const UPLOAD_URL_PATH = `/server-api/creator/holds/${HOLD_ID}/appeal-upload-url`;
const APPEAL = `/server-api/creator/holds/${HOLD_ID}/appeal`;
const UPLOAD_URL = 'http://app.test/server-api/files/hold-appeal-uploads/h1/1?expires=1&signature=abc';
const FILE_KEY = `hold-appeal-uploads/${HOLD_ID}/1`;
const POST = 'https://www.tiktok.com/@casey/video/7234567890123456789';
const REASON =
  'In 4 hours the post gained 48,000 views, 16× the 3,000 it had; organic posts grow this fast only while they are new.';

const figures = (state: 'PROVISIONAL' | 'VALIDATED'): NonNullable<EntryViewCheck['figures']> => ({
  views: 12_400,
  likes: 800,
  comments: 30,
  state,
  validatedAt: '2030-12-06T10:00:00.000Z',
  excludedViews: 0,
});

const hold = (overrides: Partial<CreatorHold> = {}): CreatorHold => ({
  id: HOLD_ID,
  status: 'HELD',
  heldAt: '2030-12-01T09:00:00.000Z',
  reasons: [REASON],
  canAppeal: true,
  appeal: null,
  decision: null,
  ...overrides,
});

const check = (overrides: Partial<EntryViewCheck> = {}): EntryViewCheck => ({
  entryId: 'e1',
  postLink: POST,
  status: 'APPROVED',
  figures: figures('PROVISIONAL'),
  hold: null,
  ...overrides,
});

function renderChecks(items: EntryViewCheck[], routes: Record<string, MockReply | (() => MockReply)> = {}) {
  signedIn();
  const api = mockApi({ [`GET ${CHECKS}`]: { body: { items } }, ...routes });
  return { api, ...renderWidget(<CampaignViewChecks campaignId={CAMPAIGN_ID} />) };
}

const checksList = () => screen.findByRole('list', { name: 'Views of your entries' });

describe('the views of a creator’s entries', () => {
  afterEach(clearToasts);

  it('says whether each entry’s views are provisional, and until when, or validated', async () => {
    renderChecks([
      check(),
      check({ entryId: 'e2', postLink: null, figures: figures('VALIDATED') }),
      check({ entryId: 'e3', figures: null }),
    ]);
    const list = await checksList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Views: 12,400 — provisional until 6 Dec')).toBeInTheDocument();
    expect(within(list).getByText('Views: 12,400 — validated')).toBeInTheDocument();
    expect(within(list).getByText('Your uploaded video')).toBeInTheDocument();
  });

  it('shows nothing while no entry has a figure or a hold', async () => {
    const { api } = renderChecks([check({ figures: null })]);
    await waitFor(() => expect(api.requestsTo('GET', CHECKS)).toHaveLength(1));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('explains a hold in plain sentences, with no score, and appeals once with a recording', async () => {
    const uploads = stubUploadRequests();
    const appealed = hold({
      status: 'APPEALED',
      canAppeal: false,
      appeal: { note: 'A music page shared it.', appealedAt: '2030-12-02T11:00:00.000Z' },
    });
    const { api, user } = renderChecks([check({ hold: hold() })], {
      [`GET ${UPLOAD_URL_PATH}`]: { body: { url: UPLOAD_URL, key: FILE_KEY } },
      [`POST ${APPEAL}`]: { body: appealed },
    });
    const panel = await screen.findByRole('region', {
      name: /Earnings held while we check this entry’s views/,
    });
    expect(within(panel).getByText(REASON)).toBeInTheDocument();
    expect(panel).not.toHaveTextContent(/score|weight|\b65\b/i);

    await user.click(within(panel).getByRole('button', { name: 'Appeal' }));
    const send = await within(panel).findByRole('button', { name: 'Send appeal' });
    await user.click(send);
    const note = within(panel).getByRole('textbox', { name: /Why your views are real/ });
    await waitFor(() => expect(fieldErrorOf(note)).toHaveTextContent(HOLD_MESSAGES.noteRequired));
    expect(api.requestsTo('POST', APPEAL)).toHaveLength(0);

    await user.type(note, 'A music page shared it.');
    await user.upload(
      within(panel).getByLabelText(/Screen recording of the post’s insights/),
      new File([new Uint8Array(2048)], 'insights.mov', { type: 'video/quicktime' }),
    );
    const upload = await uploads.to(UPLOAD_URL);
    expect([upload.method, upload.headers['content-type']]).toEqual(['PUT', 'video/quicktime']);
    upload.progress(1024, 2048);
    expect(within(panel).getByText('Uploading… 50%')).toBeInTheDocument();
    expect(within(panel).getByRole('progressbar', { name: 'Uploading insights.mov' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    upload.respond(200);
    expect(await within(panel).findByText('Uploaded')).toBeInTheDocument();

    await user.click(send);
    expect(await shownToasts()).toContain(
      'Appeal sent: We will look at your recording and tell you what we decide.',
    );
    expect(api.requestsTo('POST', APPEAL)[0]?.body).toEqual({
      note: 'A music page shared it.',
      fileKey: FILE_KEY,
    });
    expect(await screen.findByText('Appeal sent on 02 Dec, 2030 @ 11:00 AM GMT')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Appeal' })).not.toBeInTheDocument();
  });

  it('asks for the recording before the appeal is sent, and says when the server refuses it', async () => {
    const uploads = stubUploadRequests();
    const { api, user } = renderChecks([check({ hold: hold() })], {
      [`GET ${UPLOAD_URL_PATH}`]: { body: { url: UPLOAD_URL, key: FILE_KEY } },
      [`POST ${APPEAL}`]: {
        status: 422,
        body: errorBody('THREATS_FOUND', HOLD_MESSAGES.recordingThreat, [
          { field: 'fileKey', message: HOLD_MESSAGES.recordingThreat },
        ]),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Appeal' }));
    await user.type(await screen.findByRole('textbox', { name: /Why your views are real/ }), 'Real views.');
    await user.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText(HOLD_MESSAGES.recordingNotUploaded)).toBeInTheDocument();
    expect(api.requestsTo('POST', APPEAL)).toHaveLength(0);

    await user.upload(
      screen.getByLabelText(/Screen recording of the post’s insights/),
      new File([new Uint8Array(64)], 'insights.mp4', { type: 'video/mp4' }),
    );
    (await uploads.to(UPLOAD_URL)).respond(200);
    await screen.findByText('Uploaded');
    await user.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText(HOLD_MESSAGES.recordingThreat)).toBeInTheDocument();
    expect(screen.queryByText('Uploaded')).not.toBeInTheDocument();
  });

  it('says what became of the entry once the check is decided', async () => {
    renderChecks([
      check({
        figures: { ...figures('VALIDATED'), excludedViews: 48_000 },
        hold: hold({
          status: 'EXCLUDED',
          canAppeal: false,
          decision: {
            outcome: 'EXCLUDED',
            decidedAt: '2030-12-04T15:00:00.000Z',
            note: 'The rise came from a paid service.',
            rejectionReason: null,
            excluded: { from: '2030-12-01T08:00:00.000Z', to: '2030-12-01T12:00:00.000Z', views: 48_000 },
          },
        }),
      }),
    ]);
    const list = await checksList();
    expect(
      within(list).getByText(
        'We took off 48,000 views gained between 01 Dec, 2030 @ 8:00 AM GMT and 01 Dec, 2030 @ 12:00 PM GMT, which did not look real. The rest of its views count, and its earnings are no longer held.',
      ),
    ).toBeInTheDocument();
    expect(within(list).getByText('The rise came from a paid service.')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Appeal' })).not.toBeInTheDocument();
  });
});
