import {
  CREATOR_MESSAGES,
  KYC_FILE_MAX_BYTES,
  KYC_MESSAGES,
  invalidFieldsMessage,
  type CreatorInfo,
  type KycSdkConfig,
} from '@platform/shared';
import { act, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, errorBody, type MockReply } from '../../../test/api-mock';
import { openAsCreator, PAGE_TEST } from '../../../test/creator-app';
import { creatorInfo, UK_PROFILE } from '../../../test/creator-info';
import { fieldErrorOf, screen } from '../../../test/render';
import { stubObjectUrls, stubUploadRequests } from '../../../test/upload-requests';

const DOCUMENT_URL = '/server-api/files/kyc/document?signature=d';
const SELFIE_URL = '/server-api/files/kyc/selfie?signature=s';

const kycConfig = (overrides: Partial<KycSdkConfig> = {}): KycSdkConfig => ({
  provider: 'built-in',
  status: 'Created',
  reason: null,
  sdkToken: null,
  uploads: {
    document: {
      url: DOCUMENT_URL,
      accept: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
      maxBytes: KYC_FILE_MAX_BYTES,
      uploaded: false,
    },
    selfie: {
      url: SELFIE_URL,
      accept: ['image/jpeg', 'image/png', 'image/webp'],
      maxBytes: KYC_FILE_MAX_BYTES,
      uploaded: false,
    },
  },
  ...overrides,
});

const identityStep = (overrides: Partial<CreatorInfo> = {}) =>
  creatorInfo({
    status: 'KYC_CAPTURE',
    profile: UK_PROFILE,
    agency: { decided: true, id: null, name: null },
    ...overrides,
  });

const waiting = identityStep({
  status: 'KYC_CHECK',
  kyc: { status: 'ManualReview', provider: 'built-in', reason: null, updatedAt: '2026-11-23T10:00:00.000Z' },
});

/**
 * Opens the identity step. get-info answers the step until the check is submitted, and the waiting
 * account after it, as the server does.
 */
async function openIdentityStep(
  config: KycSdkConfig = kycConfig(),
  submit: MockReply | (() => Promise<MockReply>) = { body: { status: 'ManualReview', message: 'Submitted' } },
) {
  let submitted = false;
  const view = openAsCreator('/', identityStep(), {
    'GET /server-api/creator/get-info': () => ({ body: submitted ? waiting : identityStep() }),
    'GET /server-api/creator/kyc-sdk-config': { body: config },
    'GET /server-api/creator/create-kyc-application': async () => {
      const reply = typeof submit === 'function' ? await submit() : submit;
      submitted = (reply.status ?? 200) === 200 || (reply.status === 422 && !hasDetails(reply));
      return reply;
    },
  });
  // The step's code loads on first use, which takes a while in the first test of the file.
  await screen.findByRole('button', { name: 'Send for checking' }, { timeout: 5000 });
  return view;
}

const hasDetails = (reply: MockReply) =>
  Boolean((reply.body as { error?: { details?: unknown[] } } | undefined)?.error?.details?.length);

const documentInput = () => screen.getByLabelText('Your identity document');
const selfieInput = () => screen.getByLabelText('A selfie');
const sendButton = () => screen.getByRole('button', { name: 'Send for checking' });

const passport = () => new File(['%PDF-1.7'], 'passport.pdf', { type: 'application/pdf' });
const selfie = () => new File(['png-bytes'], 'selfie.png', { type: 'image/png' });

describe('KYC_CAPTURE: the creator’s identity (built-in check)', PAGE_TEST, () => {
  let uploads: ReturnType<typeof stubUploadRequests>;
  beforeEach(() => {
    uploads = stubUploadRequests();
    stubObjectUrls();
  });

  async function uploadBoth(user: ReturnType<typeof openAsCreator>['user']) {
    await user.upload(documentInput(), passport());
    (await uploads.to(DOCUMENT_URL)).respond(200);
    await user.upload(selfieInput(), selfie());
    (await uploads.to(SELFIE_URL)).respond(200);
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(2));
  }

  it('asks for a photo of an identity document and a selfie as step 3 of 4', async () => {
    await openIdentityStep();
    expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();
    expect(documentInput()).toBeInTheDocument();
    expect(selfieInput()).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
  });

  it('sends each file by PUT to its own URL with its content type, showing the progress', async () => {
    const { user } = await openIdentityStep();

    await user.upload(documentInput(), passport());
    const documentUpload = await uploads.to(DOCUMENT_URL);
    expect(documentUpload.method).toBe('PUT');
    expect(documentUpload.headers['content-type']).toBe('application/pdf');
    expect((documentUpload.body as File).name).toBe('passport.pdf');
    expect(await screen.findByText('Uploading… 0%')).toBeInTheDocument();
    documentUpload.progress(42, 100);
    expect(screen.getByText('Uploading… 42%')).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    documentUpload.respond(200);
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();

    await user.upload(selfieInput(), selfie());
    const selfieUpload = await uploads.to(SELFIE_URL);
    expect(selfieUpload.method).toBe('PUT');
    expect(selfieUpload.headers['content-type']).toBe('image/png');
    selfieUpload.respond(200);

    await waitFor(() => expect(sendButton()).toBeEnabled());
  });

  it('says when a file did not reach storage', async () => {
    const { user } = await openIdentityStep();
    await user.upload(selfieInput(), selfie());
    (await uploads.to(SELFIE_URL)).respond(403);
    expect(await screen.findByText('File upload failed.')).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
  });

  it('refuses a file over 10 MB before sending it', async () => {
    const { user } = await openIdentityStep();
    const large = new File(['x'], 'scan.png', { type: 'image/png' });
    Object.defineProperty(large, 'size', { value: KYC_FILE_MAX_BYTES + 1 });

    await user.upload(documentInput(), large);

    await waitFor(() =>
      expect(fieldErrorOf(documentInput())).toHaveTextContent(
        'File size exceeds the maximum limit of 10 MB.',
      ),
    );
    expect(uploads.requests).toHaveLength(0);
    expect(screen.getAllByText(/up to 10 MB/)).toHaveLength(2);
  });

  it('sends the files for checking, then shows the waiting screen', async () => {
    const reply = deferred<MockReply>();
    const { user, api } = await openIdentityStep(kycConfig(), () => reply.promise);
    await uploadBoth(user);

    await user.click(sendButton());
    expect(api.requestsTo('GET', '/server-api/creator/create-kyc-application')).toHaveLength(1);
    expect(sendButton()).toHaveAttribute('data-loading');

    reply.resolve({ body: { status: 'ManualReview', message: 'Submitted' } });
    expect(await screen.findByText('We are checking your identity')).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();
  });

  it('puts the server’s word on each file under it', async () => {
    const { user } = await openIdentityStep(kycConfig(), {
      status: 422,
      body: errorBody('INVALID_FIELDS', invalidFieldsMessage(['Identity document', 'Selfie']), [
        { field: 'document', message: KYC_MESSAGES.fileNotReadable('document') },
        { field: 'selfie', message: KYC_MESSAGES.fileNotReadable('selfie') },
      ]),
    });
    await uploadBoth(user);
    await user.click(sendButton());

    const documentField = screen
      .getByRole('group', { name: 'Your identity document' })
      .closest('.mantine-InputWrapper-root');
    const selfieField = screen.getByRole('group', { name: 'A selfie' }).closest('.mantine-InputWrapper-root');
    expect(
      await within(documentField as HTMLElement).findByText(KYC_MESSAGES.fileNotReadable('document')),
    ).toBeInTheDocument();
    expect(
      within(selfieField as HTMLElement).getByText(KYC_MESSAGES.fileNotReadable('selfie')),
    ).toBeInTheDocument();
    expect(screen.queryByText('We are checking your identity')).not.toBeInTheDocument();
  });

  it('carries on when the check was submitted already (a 422 without details)', async () => {
    const { user } = await openIdentityStep(kycConfig(), {
      status: 422,
      body: errorBody('INVALID_FIELDS', CREATOR_MESSAGES.kycAlreadySubmitted),
    });
    await uploadBoth(user);
    await user.click(sendButton());

    expect(await screen.findByText('We are checking your identity')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why an earlier attempt did not pass', async () => {
    await openIdentityStep(kycConfig({ reason: 'The photo of your passport was blurred.' }));
    const alert = screen.getByText('The photo of your passport was blurred.');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Please try again');
  });

  it('takes files uploaded on an earlier visit as ready', async () => {
    const config = kycConfig();
    await openIdentityStep({
      ...config,
      uploads: config.uploads && {
        document: { ...config.uploads.document, uploaded: true },
        selfie: { ...config.uploads.selfie, uploaded: true },
      },
    });
    expect(sendButton()).toBeEnabled();
    expect(screen.getAllByText(/We already have one/)).toHaveLength(2);
  });

  it('offers another try when the identity check cannot be set up', async () => {
    const { user, api } = openAsCreator('/', identityStep(), {
      'GET /server-api/creator/kyc-sdk-config': {
        status: 503,
        body: errorBody('SERVICE_UNAVAILABLE', KYC_MESSAGES.providerUnavailable),
      },
    });
    expect(
      await screen.findByText(KYC_MESSAGES.providerUnavailable, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.requestsTo('GET', '/server-api/creator/kyc-sdk-config')).toHaveLength(2));
  });
});

describe('KYC_CHECK: waiting for the identity check', PAGE_TEST, () => {
  it('says the check is under way, without asking for files again', async () => {
    const { api } = openAsCreator('/', waiting);
    expect(
      await screen.findByText('We are checking your identity', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your identity', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send for checking' })).not.toBeInTheDocument();
    expect(api.requestsTo('GET', '/server-api/creator/kyc-sdk-config')).toHaveLength(0);
  });

  it('moves on to the artists by itself once the check has passed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let passed = false;
    openAsCreator('/', waiting, {
      'GET /server-api/creator/get-info': () => ({
        body: passed
          ? identityStep({
              status: 'ARTIST_SELECTION',
              kyc: { status: 'Success', provider: 'built-in', reason: null, updatedAt: null },
            })
          : waiting,
      }),
      'GET /server-api/creator/lookup/artist': { body: [] },
    });
    expect(
      await screen.findByText('We are checking your identity', {}, { timeout: 5000 }),
    ).toBeInTheDocument();

    passed = true;
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await screen.findByRole('heading', { name: 'Your artists', level: 1 })).toBeInTheDocument();
  });

  it('gives the reason of a failed check and points to Support', async () => {
    openAsCreator(
      '/',
      identityStep({
        status: 'KYC_CHECK',
        kyc: {
          status: 'Failure',
          provider: 'built-in',
          reason: 'The document has expired.',
          updatedAt: '2026-11-23T10:00:00.000Z',
        },
      }),
    );
    expect(
      await screen.findByText('We could not verify your identity', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('The document has expired.')).toBeInTheDocument();
    expect(screen.getByText(/contact Support/)).toBeInTheDocument();
  });
});
