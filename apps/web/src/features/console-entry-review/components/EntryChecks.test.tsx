import { HANDLE_VERIFICATION_MESSAGES, type CampaignEntry, type EntryCheck } from '@platform/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, mockApi, type MockReply } from '../../../test/api-mock';
import { campaign, campaignEntry, campaignPath, entryPage, SUMMER_ID } from '../../../test/campaigns';
import { signedIn } from '../../../test/console';
import { renderWidget } from '../../../test/render-widget';
import { clearToasts, shownToasts } from '../../../test/toasts';
import { CampaignEntries } from './CampaignEntries';

const ENTRIES = campaignPath(SUMMER_ID, '/entries');
const CHECKS = campaignPath(SUMMER_ID, '/entry-checks');
// This year's dates are written without the year.
const THIS_YEAR = new Date().getUTCFullYear();

const ada = campaignEntry();
const ben = campaignEntry({
  id: '7c1d2e3f-0000-4000-8000-0000000000e2',
  creator: { id: 'b', name: 'Ben Okri', handle: 'ben_reads' },
});
const cleo = campaignEntry({
  id: '7c1d2e3f-0000-4000-8000-0000000000e3',
  creator: { id: 'c', name: 'Cleo Sings', handle: 'cleo_sings' },
  kind: 'VIDEO',
  postLink: null,
  videoKey: 'ugc/summer/cleo',
  videoUrl: '/server-api/files/ugc/summer/cleo?sig=a',
  postAccount: null,
});

const unchecked = { originality: null, post: null };
const checkOf = (entry: CampaignEntry, check: Partial<EntryCheck>): EntryCheck => ({
  entryId: entry.id,
  account: { handle: entry.creator.handle, verified: null },
  ...unchecked,
  ...check,
});

const matched = (clearedBy: string | null = null): EntryCheck =>
  checkOf(cleo, {
    originality: {
      status: 'MATCHED',
      distance: 0.04,
      closest: {
        kind: 'ENTRY',
        entryId: '7c1d2e3f-0000-4000-8000-0000000000f9',
        campaignId: 'winter',
        campaignName: 'Winter Beats',
        creatorName: 'Dan Dancer',
        videoUrl: '/server-api/files/ugc/winter/dan?sig=b',
        posterUrl: null,
      },
      reason: null,
      posterUrl: null,
      clearedBy,
    },
  });

const CHECKS_ANSWER: EntryCheck[] = [
  checkOf(ada, {
    account: {
      handle: 'ada_dances',
      verified: { method: 'BIO_CODE', at: `${THIS_YEAR}-11-02T10:00:00.000Z`, accountId: '1' },
    },
    post: { publishedAt: `${THIS_YEAR}-06-03T08:00:00.000Z`, authorAccountId: '1', source: 'tiktok' },
  }),
  checkOf(ben, { post: { publishedAt: null, authorAccountId: null, source: null } }),
  matched(),
];

function renderQueue(routes: Record<string, MockReply | (() => MockReply)> = {}) {
  signedIn();
  const api = mockApi({
    [`GET ${ENTRIES}`]: { body: entryPage([ada, ben, cleo]) },
    [`GET ${CHECKS}`]: { body: { items: CHECKS_ANSWER } },
    ...routes,
  });
  const view = renderWidget(
    <CampaignEntries campaign={campaign({ status: 'LIVE' })} role="CampaignManager" />,
  );
  return { api, ...view };
}

const rowOf = async (name: string) => {
  const table = await screen.findByRole('table', { name: 'Entries' });
  return (await within(table).findByText(name)).closest('tr')!;
};

describe('the checks beside each entry', () => {
  afterEach(clearToasts);

  it('shows the account verified or not, when the post was published, and a matched video', async () => {
    renderQueue();
    const adaRow = await rowOf('Ada Lovelace');
    expect(await within(adaRow).findByText('Account: Verified (Code in bio, 2 Nov)')).toBeInTheDocument();
    expect(within(adaRow).getByText('Published: 3 Jun')).toBeInTheDocument();

    const benRow = await rowOf('Ben Okri');
    const unverified = within(benRow).getByText('Account: not verified');
    expect(unverified).toHaveStyle({ color: 'var(--mantine-color-orange-9)' });
    expect(within(benRow).getByText('Published: not known')).toBeInTheDocument();

    const cleoRow = await rowOf('Cleo Sings');
    expect(
      within(cleoRow).getByText('Resembles Dan Dancer’s entry in Winter Beats (distance 0.04)'),
    ).toBeInTheDocument();
    expect(within(cleoRow).queryByText(/^Account:/)).not.toBeInTheDocument();
    expect(
      within(cleoRow).getByRole('button', { name: 'Clear the video of Cleo Sings' }),
    ).toBeInTheDocument();
  });

  it('says when a video is original, still being compared, or could not be compared', async () => {
    const dan = campaignEntry({ ...cleo, id: 'e4', creator: { id: 'd', name: 'Dan', handle: 'dan' } });
    const eve = campaignEntry({ ...cleo, id: 'e5', creator: { id: 'e', name: 'Eve', handle: 'eve' } });
    const originality = (status: 'UNIQUE' | 'PENDING' | 'UNAVAILABLE', reason: string | null = null) => ({
      status,
      distance: null,
      closest: null,
      reason,
      posterUrl: null,
      clearedBy: null,
    });
    signedIn();
    mockApi({
      [`GET ${ENTRIES}`]: { body: entryPage([ada, cleo, dan, eve]) },
      [`GET ${CHECKS}`]: {
        body: {
          items: [
            checkOf(cleo, { originality: originality('UNIQUE') }),
            checkOf(dan, { originality: originality('PENDING') }),
            checkOf(eve, { originality: originality('UNAVAILABLE', 'ffmpeg is not installed.') }),
          ],
        },
      },
    });
    renderWidget(<CampaignEntries campaign={campaign({ status: 'LIVE' })} role="CampaignManager" />);
    expect(await within(await rowOf('Cleo Sings')).findByText('Original')).toBeInTheDocument();
    expect(within(await rowOf('Dan')).getByText('Being compared…')).toBeInTheDocument();
    const eveRow = await rowOf('Eve');
    expect(within(eveRow).getByText('Could not be compared')).toBeInTheDocument();
    expect(within(eveRow).getByText('ffmpeg is not installed.')).toBeInTheDocument();
  });

  it('compares a matched video side by side, then clears it', async () => {
    let cleared = false;
    const { api, user } = renderQueue({
      [`GET ${CHECKS}`]: () => ({
        body: { items: [...CHECKS_ANSWER.slice(0, 2), matched(cleared ? 'Sam Reviewer' : null)] },
      }),
      [`POST ${ENTRIES}/${cleo.id}/originality/clear`]: () => {
        cleared = true;
        return { body: {} };
      },
    });
    const cleoRow = await rowOf('Cleo Sings');
    await user.click(await within(cleoRow).findByRole('button', { name: 'Compare the video of Cleo Sings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compare the videos' });
    expect(within(dialog).getByLabelText('This entry, by Cleo Sings')).toHaveAttribute('src', cleo.videoUrl);
    expect(within(dialog).getByLabelText('Dan Dancer’s entry in Winter Beats')).toHaveAttribute(
      'src',
      '/server-api/files/ugc/winter/dan?sig=b',
    );
    expect(dialog.querySelectorAll('video')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(cleoRow).getByRole('button', { name: 'Clear the video of Cleo Sings' }));
    expect(await within(cleoRow).findByText('Cleared by Sam Reviewer')).toBeInTheDocument();
    expect(within(cleoRow).queryByRole('button', { name: /Clear the video/ })).not.toBeInTheDocument();
    expect(api.requestsTo('POST', `${ENTRIES}/${cleo.id}/originality/clear`)).toHaveLength(1);
    expect(await shownToasts()).toContain('The video of Cleo Sings is cleared: it can be approved.');
  });

  it('shows the server’s reason when an entry from an unverified account cannot be approved', async () => {
    const message = HANDLE_VERIFICATION_MESSAGES.entryAccountUnverified('TikTok', 'ben_reads');
    const { user } = renderQueue({
      [`POST ${ENTRIES}/${ben.id}/approve`]: { status: 409, body: errorBody('CONFLICT', message) },
    });
    const benRow = await rowOf('Ben Okri');
    await user.click(within(benRow).getByRole('button', { name: 'Approve the entry of Ben Okri' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('leaves the queue usable when the checks cannot be read', async () => {
    renderQueue({ [`GET ${CHECKS}`]: { status: 500, body: errorBody('INTERNAL', 'Boom') } });
    const adaRow = await rowOf('Ada Lovelace');
    expect(await within(adaRow).findByText('Checks not available')).toBeInTheDocument();
    expect(within(adaRow).getByRole('button', { name: 'Approve the entry of Ada Lovelace' })).toBeEnabled();
  });
});
