import {
  LEGAL_DOCUMENT_MAX_BYTES,
  LEGAL_MESSAGES,
  REQUIRED_MESSAGE,
  type LegalDocument,
  type LegalDocumentListResponse,
} from '@platform/shared';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/console';
import { errorBody, mockApi, type MockReply, type RecordedRequest, queriesTo } from '../../../test/api-mock';
import { fieldErrorOf, renderApp, screen } from '../../../test/render';

const BRITAIN = { id: '7d2f0c1a-3b4e-4f5a-8b6c-0000000000b1', name: 'Britain' };

const PLACEHOLDER_TERMS: LegalDocument = {
  id: '9a8b7c6d-0000-4000-8000-000000000001',
  territory: null,
  type: 'TERMS',
  version: 'placeholder',
  publishedAt: '2026-10-01T08:00:00.000Z',
  publishedBy: null,
  placeholder: true,
  current: true,
  size: 2048,
};

const BRITISH_PRIVACY: LegalDocument = {
  id: '9a8b7c6d-0000-4000-8000-000000000002',
  territory: BRITAIN,
  type: 'PRIVACY',
  version: '2026-03',
  publishedAt: '2026-11-02T14:07:00.000Z',
  publishedBy: 'Ada Admin',
  placeholder: false,
  current: true,
  size: 5120,
};

const OLD_BRITISH_PRIVACY: LegalDocument = {
  ...BRITISH_PRIVACY,
  id: '9a8b7c6d-0000-4000-8000-000000000003',
  version: '2026-01',
  publishedAt: '2026-09-01T10:00:00.000Z',
  current: false,
};

const page = (
  items: LegalDocument[],
  placeholdersInUse = false,
  total = items.length,
): LegalDocumentListResponse => ({ items, total, page: 1, pageSize: 25, placeholdersInUse });

const LIST = '/server-api/marketing/legal-documents';
const TERRITORIES = '/server-api/marketing/territories';

// Pages, dialogs and sheets load their code when first shown, which can take a while on a busy machine.
const LOADED = { timeout: 5000 };

const versionsTable = () => screen.findByRole('table', { name: 'Legal document versions' }, LOADED);

function openScreen(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    ...signedInAs('Admin'),
    [`GET ${LIST}`]: { body: page([BRITISH_PRIVACY, OLD_BRITISH_PRIVACY, PLACEHOLDER_TERMS], true) },
    [`GET ${TERRITORIES}`]: { body: { items: [BRITAIN], total: 1, page: 1, pageSize: 50 } },
    ...routes,
  });
  return { api, ...renderApp('/console/legal-documents') };
}

async function openPublishDialog(user: ReturnType<typeof renderApp>['user']) {
  await within(await versionsTable()).findByText('2026-01');
  await user.click(screen.getByRole('button', { name: 'Publish a new version' }));
  return within(await screen.findByRole('dialog', { name: 'Publish a new version' }, LOADED));
}

/** The file picker's own input, which Mantine hides behind its button. */
function fileInputOf(): HTMLInputElement {
  const input = screen
    .getByRole('dialog', { name: 'Publish a new version' })
    .querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input in the dialog');
  return input;
}

/** Answers a publication as the server does, remembering what it was sent. */
function publishes(status = 201) {
  return (request: RecordedRequest): MockReply => {
    const body = request.body as { territoryId: string; type: LegalDocument['type']; version: string };
    return {
      status,
      body: {
        ...PLACEHOLDER_TERMS,
        id: '9a8b7c6d-0000-4000-8000-0000000000ff',
        territory: body.territoryId === 'every' ? null : BRITAIN,
        type: body.type,
        version: body.version,
        placeholder: false,
        publishedBy: 'staff@example.com',
      },
    };
  };
}

describe('console legal documents', () => {
  // Toasts live in a store of their own, which outlasts each test's render.
  afterEach(() => {
    act(() => notifications.clean());
  });

  it('lists every version, newest first, with the current one and the placeholders marked', async () => {
    openScreen();
    expect(
      await screen.findByRole('heading', { name: 'Legal documents', level: 1 }, LOADED),
    ).toBeInTheDocument();
    const table = await versionsTable();

    const current = (await within(table).findByText('2026-03')).closest('tr')!;
    expect(within(current).getByText('Privacy Policy')).toBeInTheDocument();
    expect(within(current).getByText('Britain')).toBeInTheDocument();
    expect(within(current).getByText('Current')).toBeInTheDocument();
    expect(within(current).getByText('2026-11-02 14:07 GMT')).toBeInTheDocument();
    expect(within(current).getByText('by Ada Admin')).toBeInTheDocument();
    expect(within(current).getByText('5 KB')).toBeInTheDocument();

    const older = within(table).getByText('2026-01').closest('tr')!;
    expect(within(older).queryByText('Current')).not.toBeInTheDocument();

    const placeholder = within(table).getByText('placeholder').closest('tr')!;
    expect(within(placeholder).getByText('Terms and Conditions')).toBeInTheDocument();
    expect(within(placeholder).getByText('Every territory')).toBeInTheDocument();
    expect(within(placeholder).getByText('Placeholder')).toBeInTheDocument();
    expect(within(placeholder).getByText('installed with the platform')).toBeInTheDocument();
    expect(screen.getByText('3 versions')).toBeInTheDocument();
  });

  it('warns while creators are shown a placeholder, with a way to publish', async () => {
    const { user } = openScreen();
    expect(await screen.findByText(LEGAL_MESSAGES.placeholdersInUse, {}, LOADED)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish your own' }));
    expect(await screen.findByRole('dialog', { name: 'Publish a new version' }, LOADED)).toBeInTheDocument();
  });

  it('shows no warning once the operator’s own documents are in use', async () => {
    openScreen({ [`GET ${LIST}`]: { body: page([BRITISH_PRIVACY], false) } });
    await within(await versionsTable()).findByText('2026-03');
    expect(screen.queryByText(LEGAL_MESSAGES.placeholdersInUse)).not.toBeInTheDocument();
  });

  it('filters by document and territory on the server, and says when nothing matches', async () => {
    const { api, user } = openScreen({
      [`GET ${LIST}`]: () => ({
        body: queriesTo(api, LIST).at(-1)?.has('type')
          ? page([], true)
          : page([BRITISH_PRIVACY, OLD_BRITISH_PRIVACY, PLACEHOLDER_TERMS], true),
      }),
    });
    await within(await versionsTable()).findByText('2026-01');

    await user.click(await screen.findByRole('combobox', { name: 'Territory' }, LOADED));
    await user.click(await screen.findByRole('option', { name: 'Every territory' }));
    await waitFor(() => expect(queriesTo(api, LIST).at(-1)?.get('territoryId')).toBe('every'));

    await user.click(screen.getByRole('combobox', { name: 'Territory' }));
    await user.click(await screen.findByRole('option', { name: 'Britain' }));
    await waitFor(() => expect(queriesTo(api, LIST).at(-1)?.get('territoryId')).toBe(BRITAIN.id));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Document' }), 'Influencer Guidelines');
    await waitFor(() => expect(queriesTo(api, LIST).at(-1)?.get('type')).toBe('INFLUENCER_GUIDELINES'));
    expect(queriesTo(api, LIST).at(-1)?.get('page')).toBe('1');
    expect(
      await screen.findByText(
        'No version matches these filters. Choose another territory or document, or clear the filters.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(queriesTo(api, LIST).at(-1)?.toString()).toBe('page=1&pageSize=25'));
    expect(await within(await versionsTable()).findByText('2026-01')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    const { user } = openScreen({
      [`GET ${LIST}`]: () =>
        fail ? { status: 500, body: errorBody('INTERNAL', 'Boom') } : { body: page([BRITISH_PRIVACY]) },
    });
    expect(await screen.findByText('We could not load the legal documents', {}, LOADED)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(await versionsTable()).findByText('2026-03')).toBeInTheDocument();
  });

  it('is a page that does not exist for anyone but an Admin', async () => {
    const api = mockApi({ ...signedInAs('Support'), [`GET ${LIST}`]: { body: page([]) } });
    renderApp('/console/legal-documents');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, LOADED)).toBeInTheDocument();
    expect(api.requestsTo('GET', LIST)).toHaveLength(0);
  });

  it('publishes pasted text for every territory, after the shared rules, with a preview', async () => {
    const { api, user } = openScreen({ [`POST ${LIST}`]: publishes() });
    const dialog = await openPublishDialog(user);

    await user.click(dialog.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(fieldErrorOf(dialog.getByRole('textbox', { name: /Version/ }))).toHaveTextContent(
        REQUIRED_MESSAGE,
      ),
    );
    expect(fieldErrorOf(dialog.getByRole('combobox', { name: /Document/ }))).toHaveTextContent(
      REQUIRED_MESSAGE,
    );
    expect(fieldErrorOf(dialog.getByRole('textbox', { name: /^Text/ }))).toHaveTextContent(
      LEGAL_MESSAGES.contentRequired,
    );
    expect(api.requestsTo('POST', LIST)).toHaveLength(0);

    await user.selectOptions(dialog.getByRole('combobox', { name: /Document/ }), 'Terms and Conditions');
    await user.type(dialog.getByRole('textbox', { name: /Version/ }), '2026-04');
    await user.click(dialog.getByRole('textbox', { name: /^Text/ }));
    await user.paste('Welcome.\nRead <a href="https://example.com/faq">the FAQ</a><script>alert(1)</script>');
    const preview = await dialog.findByRole('region', { name: 'Preview' }, LOADED);
    expect(await within(preview).findByRole('link', { name: 'the FAQ' }, LOADED)).toHaveAttribute(
      'href',
      'https://example.com/faq',
    );
    expect(preview.querySelector('script')).toBeNull();

    await user.click(dialog.getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText(
        'Version “2026-04” of the Terms and Conditions is now the one creators see in every territory.',
        {},
        LOADED,
      ),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST', LIST)[0]?.body).toEqual({
      territoryId: 'every',
      type: 'TERMS',
      version: '2026-04',
      content: 'Welcome.\nRead <a href="https://example.com/faq">the FAQ</a><script>alert(1)</script>',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.requestsTo('GET', LIST).length).toBeGreaterThanOrEqual(2));
  });

  it('publishes a file’s text for one territory, which must be chosen', async () => {
    const { api, user } = openScreen({ [`POST ${LIST}`]: publishes() });
    const dialog = await openPublishDialog(user);
    await user.selectOptions(dialog.getByRole('combobox', { name: /Document/ }), 'Privacy Policy');
    await user.type(dialog.getByRole('textbox', { name: /Version/ }), '2026-05');

    const text = 'Our privacy policy.\nWe keep your data safe.';
    await user.upload(fileInputOf(), new File([text], 'privacy.html', { type: 'text/html' }));
    await waitFor(() => expect(dialog.getByRole('textbox', { name: /^Text/ })).toHaveValue(text));

    await user.click(dialog.getByRole('radio', { name: 'One territory' }));
    await user.click(dialog.getByRole('button', { name: 'Publish' }));
    const territory = dialog.getByRole('combobox', { name: /Which territory/ });
    await waitFor(() => expect(fieldErrorOf(territory)).toHaveTextContent(LEGAL_MESSAGES.territoryUnknown));
    expect(api.requestsTo('POST', LIST)).toHaveLength(0);

    await user.click(territory);
    await user.click(await screen.findByRole('option', { name: 'Britain' }));
    await user.click(dialog.getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText(
        'Version “2026-05” of the Privacy Policy is now the one creators see in Britain.',
        {},
        LOADED,
      ),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST', LIST)[0]?.body).toEqual({
      territoryId: BRITAIN.id,
      type: 'PRIVACY',
      version: '2026-05',
      content: text,
    });
  });

  it('refuses a file that is too large or of another kind, under the file field', async () => {
    const { user } = openScreen();
    const dialog = await openPublishDialog(user);
    const input = fileInputOf();
    const fileField = dialog.getByRole('button', { name: /Upload the text from a file/ });

    await user.upload(
      input,
      new File(['x'.repeat(LEGAL_DOCUMENT_MAX_BYTES + 1024)], 'huge.txt', { type: 'text/plain' }),
    );
    await waitFor(() =>
      expect(fieldErrorOf(fileField)).toHaveTextContent(
        'This file is 513 KB: a document can be at most 512 KB.',
      ),
    );
    expect(dialog.getByRole('textbox', { name: /^Text/ })).toHaveValue('');

    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'terms.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() =>
      expect(fieldErrorOf(fileField)).toHaveTextContent('Choose an .html, .txt or .md file.'),
    );
    expect(fieldErrorOf(fileField)?.querySelector('svg')).not.toBeNull();
  });

  it('shows a version already published under its field', async () => {
    const { api, user } = openScreen({
      [`POST ${LIST}`]: {
        status: 409,
        body: errorBody('CONFLICT', LEGAL_MESSAGES.versionTaken, [
          { field: 'version', message: LEGAL_MESSAGES.versionTaken },
        ]),
      },
    });
    const dialog = await openPublishDialog(user);
    await user.selectOptions(dialog.getByRole('combobox', { name: /Document/ }), 'Terms and Conditions');
    const version = dialog.getByRole('textbox', { name: /Version/ });
    await user.type(version, 'placeholder');
    await user.type(dialog.getByRole('textbox', { name: /^Text/ }), 'Terms.');
    await user.click(dialog.getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(fieldErrorOf(version)).toHaveTextContent(LEGAL_MESSAGES.versionTaken));
    expect(api.requestsTo('POST', LIST)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Publish a new version' })).toBeInTheDocument();
  });
});
