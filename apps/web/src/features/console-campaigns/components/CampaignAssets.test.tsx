import {
  CAMPAIGN_ASSET_MESSAGES,
  FILE_UPLOAD_MESSAGES,
  UPLOAD_MAX_BYTES,
  type CampaignAsset,
  type CampaignDetail,
} from '@platform/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { storeAccessToken } from '../../../lib/session';
import { errorBody, mockApi, type MockReply } from '../../../test/api-mock';
import { asset, campaign, campaignPath, SUMMER_ID } from '../../../test/campaigns';
import { renderWidget } from '../../../test/render-widget';
import { stubUploadRequests } from '../../../test/upload-requests';
import { clearToasts } from '../../../test/toasts';
import { useCampaign } from '../api/get-campaign';
import { CampaignAssets } from './CampaignAssets';

// The sheet loads its code when first opened, which can take a while on a busy machine.
const LOADED = { timeout: 5000 };

const NEW_ASSET_ID = '9e8d7c6b-0000-4000-8000-0000000000b2';
const SIGNED_URL = 'https://files.test/upload/trailer?signature=abc';

/** The editor's use of the section: the campaign as last read, and the cover as chosen. */
function Harness({ initialCover = null }: { initialCover?: string | null }) {
  const detail = useCampaign(SUMMER_ID);
  const [cover, setCover] = useState<string | null>(initialCover);
  if (!detail.data) return <p>Loading</p>;
  return (
    <>
      <p>Cover: {cover ?? 'none'}</p>
      <CampaignAssets campaign={detail.data} coverAssetId={cover} onCoverChange={setCover} />
    </>
  );
}

function renderAssets(
  reads: () => CampaignDetail,
  routes: Record<string, MockReply | (() => MockReply)> = {},
  initialCover: string | null = null,
) {
  storeAccessToken('token-1', Date.now() + 60_000);
  const api = mockApi({ [`GET ${campaignPath(SUMMER_ID)}`]: () => ({ body: reads() }), ...routes });
  const view = renderWidget(<Harness initialCover={initialCover} />, { applyAccept: false });
  return { api, ...view };
}

const fileInput = () => screen.getByLabelText('Upload files');

function fileOfSize(name: string, type: string, size: number) {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const uploaded = (overrides: Partial<CampaignAsset> = {}) =>
  asset({
    id: NEW_ASSET_ID,
    fileType: 'video',
    fileName: 'trailer.mp4',
    contentType: 'video/mp4',
    size: 2048,
    path: null,
    thumbnailPath: null,
    ...overrides,
  });

afterEach(() => clearToasts());

describe('CampaignAssets', () => {
  it('uploads a file with its progress, then shows its scan until it is over', async () => {
    const uploads = stubUploadRequests();
    let stage: 'before' | 'scanning' | 'scanned' = 'before';
    const { api, user } = renderAssets(
      () =>
        campaign({
          assets:
            stage === 'before'
              ? []
              : [
                  uploaded(
                    stage === 'scanning'
                      ? { scanStatus: 'SCANNING' }
                      : { path: 'campaign-assets/summer/trailer.mp4' },
                  ),
                ],
        }),
      {
        [`POST ${campaignPath(SUMMER_ID, '/assets')}`]: {
          body: {
            asset: uploaded({ scanStatus: 'PROCESSING' }),
            url: SIGNED_URL,
            key: 'campaigns/trailer.mp4',
            expiresAt: '2030-04-01T09:15:00.000Z',
          },
        },
        [`POST ${campaignPath(SUMMER_ID, `/assets/${NEW_ASSET_ID}/complete`)}`]: () => {
          stage = 'scanning';
          return { body: uploaded({ scanStatus: 'SCANNING' }) };
        },
      },
    );
    expect(await screen.findByText(/No files yet/)).toBeInTheDocument();

    await user.upload(fileInput(), new File(['mp4-bytes'], 'trailer.mp4', { type: 'video/mp4' }));
    const request = await uploads.to(SIGNED_URL);
    expect(api.requestsTo('POST', campaignPath(SUMMER_ID, '/assets'))[0]?.body).toEqual({
      fileName: 'trailer.mp4',
      contentType: 'video/mp4',
      size: 9,
    });
    expect(request.method).toBe('PUT');
    expect(request.headers['content-type']).toBe('video/mp4');

    request.progress(42, 100);
    expect(await screen.findByText('Uploading… 42%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading trailer.mp4' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );

    request.respond(200);
    const card = await screen.findByRole('group', { name: 'trailer.mp4' });
    expect(within(card).getByText('Scanning')).toBeInTheDocument();
    expect(screen.queryByText(/Uploading…/)).not.toBeInTheDocument();
    expect(api.requestsTo('POST', campaignPath(SUMMER_ID, `/assets/${NEW_ASSET_ID}/complete`))).toHaveLength(
      1,
    );

    // Read again every few seconds while the file is scanned.
    stage = 'scanned';
    expect(await within(card).findByText('No threats found', {}, LOADED)).toBeInTheDocument();
  });

  it.each<[string, Partial<CampaignAsset>, string, string | null]>([
    [
      'not scanned (no scanner)',
      { scanStatus: 'NOT_SCANNED', scanned: false },
      'Not scanned',
      CAMPAIGN_ASSET_MESSAGES.notScanned,
    ],
    ['scanned clean', {}, 'No threats found', null],
    [
      'a threat',
      { scanStatus: 'THREATS_FOUND', path: null, thumbnailPath: null },
      'Threat found',
      CAMPAIGN_ASSET_MESSAGES.threatsFound,
    ],
    [
      'a failed scan',
      { scanStatus: 'FAILED', path: null, thumbnailPath: null },
      'Scan failed',
      CAMPAIGN_ASSET_MESSAGES.scanFailed,
    ],
    [
      'processing',
      { scanStatus: 'PROCESSING', path: null, thumbnailPath: null },
      'Processing',
      CAMPAIGN_ASSET_MESSAGES.notReady,
    ],
  ])('shows a file %s plainly', async (_case, overrides, label, note) => {
    renderAssets(() => campaign({ assets: [asset(overrides)] }));
    const card = await screen.findByRole('group', { name: 'poster.png' });
    expect(within(card).getByText(label)).toBeInTheDocument();
    if (note) expect(card).toHaveTextContent(note);
    if (overrides.scanned === false) expect(card).not.toHaveTextContent(/clean|no threats/i);
  });

  it('refuses a file of another kind or over 250 MB before asking the server', async () => {
    const { api, user } = renderAssets(() => campaign());
    await screen.findByText(/No files yet/);
    await user.upload(fileInput(), new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' }));
    expect(await screen.findByText(FILE_UPLOAD_MESSAGES.typeNotAllowed)).toBeInTheDocument();
    await user.upload(fileInput(), fileOfSize('huge.mp4', 'video/mp4', UPLOAD_MAX_BYTES + 1));
    expect(await screen.findByText(FILE_UPLOAD_MESSAGES.tooLarge)).toBeInTheDocument();
    expect(api.requestsTo('POST', campaignPath(SUMMER_ID, '/assets'))).toHaveLength(0);
  });

  it('says when no upload URL could be had, and when the upload failed, removing the half-made file', async () => {
    const uploads = stubUploadRequests();
    let urlAnswer: 'fail' | 'ok' = 'fail';
    const { api, user } = renderAssets(() => campaign(), {
      [`POST ${campaignPath(SUMMER_ID, '/assets')}`]: () =>
        urlAnswer === 'fail'
          ? { status: 503, body: errorBody('UNAVAILABLE', 'Storage is down') }
          : {
              body: {
                asset: uploaded({ scanStatus: 'PROCESSING' }),
                url: SIGNED_URL,
                key: 'k',
                expiresAt: '2030-04-01T09:15:00.000Z',
              },
            },
      [`DELETE ${campaignPath(SUMMER_ID, `/assets/${NEW_ASSET_ID}`)}`]: { status: 204 },
    });
    await screen.findByText(/No files yet/);
    await user.upload(fileInput(), new File(['mp4'], 'trailer.mp4', { type: 'video/mp4' }));
    expect(await screen.findByText(FILE_UPLOAD_MESSAGES.uploadUrlFailed)).toBeInTheDocument();

    urlAnswer = 'ok';
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    (await uploads.to(SIGNED_URL)).respond(403);
    expect(await screen.findByText(FILE_UPLOAD_MESSAGES.uploadFailed)).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requestsTo('DELETE', campaignPath(SUMMER_ID, `/assets/${NEW_ASSET_ID}`))).toHaveLength(1),
    );
  });

  it('offers an image kept unscanned (no scanner) as the cover, as the server serves it', async () => {
    const poster = asset({ scanStatus: 'NOT_SCANNED', scanned: false });
    const { user } = renderAssets(() => campaign({ assets: [poster] }));
    const card = await screen.findByRole('group', { name: 'poster.png' });
    await user.click(within(card).getByRole('button', { name: 'Use poster.png as the cover' }));
    expect(screen.getByText(`Cover: ${poster.id}`)).toBeInTheDocument();
  });

  it('chooses an image as the cover, and removes a file once confirmed', async () => {
    const poster = asset();
    const song = asset({
      id: '9e8d7c6b-0000-4000-8000-0000000000a2',
      fileType: 'audio',
      fileName: 'song.mp3',
      contentType: 'audio/mpeg',
      thumbnailPath: null,
      path: 'campaign-assets/summer/song.mp3',
      url: '/server-api/files/campaign-assets/summer/song.mp3?expires=1900000000&signature=s3',
      thumbnailUrl: null,
    });
    let removed = false;
    const { api, user } = renderAssets(() => campaign({ assets: removed ? [song] : [poster, song] }), {
      [`DELETE ${campaignPath(SUMMER_ID, `/assets/${poster.id}`)}`]: () => (
        (removed = true),
        { status: 204 }
      ),
    });
    const card = await screen.findByRole('group', { name: 'poster.png' });
    expect(within(card).getByRole('img', { name: 'Thumbnail of poster.png' })).toHaveAttribute(
      'src',
      asset().thumbnailUrl,
    );
    // Only images can be the cover.
    expect(screen.queryByRole('button', { name: 'Use song.mp3 as the cover' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'song.mp3' })).toHaveAttribute('href', song.url);
    await user.click(within(card).getByRole('button', { name: 'Use poster.png as the cover' }));
    expect(screen.getByText(`Cover: ${poster.id}`)).toBeInTheDocument();
    expect(within(card).getByText('Cover')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Remove poster.png' }));
    const sheet = await screen.findByRole('dialog', { name: 'Remove this file?' }, LOADED);
    expect(sheet).toHaveTextContent('the campaign has no cover until you choose one');
    await user.click(within(sheet).getByRole('button', { name: 'Remove file' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'poster.png' })).not.toBeInTheDocument());
    expect(screen.getByText('Cover: none')).toBeInTheDocument();
    expect(api.requestsTo('DELETE', campaignPath(SUMMER_ID, `/assets/${poster.id}`))).toHaveLength(1);
  });
});
