import { AUTH_MESSAGES, PASSWORD_MESSAGES, REQUIRED_MESSAGE } from '@platform/shared';
import { waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, errorBody, mockApi, type MockReply } from '../../test/api-mock';
import { fieldErrorOf, renderApp, screen } from '../../test/render';

const TERMS_ID = '9d6f1c2a-3b4e-4f50-8a61-7b8c9d0e1f23';
/** The documents that apply to the United Kingdom, as the sign-up page reads them. */
const LEGAL_DOCUMENTS: Record<string, MockReply> = {
  'GET /server-api/legal-documents': {
    body: {
      country: 'GB',
      territory: null,
      documents: [
        {
          id: TERMS_ID,
          type: 'TERMS',
          version: '2026-12-01',
          publishedAt: '2026-12-01T00:00:00.000Z',
          placeholder: false,
        },
      ],
    },
  },
  [`GET /server-api/creator/terms-and-conditions/${TERMS_ID}`]: {
    body: {
      presignedUrl: '/server-api/files/legal/terms?signature=x',
      expiresAt: '2026-12-01T00:10:00.000Z',
    },
  },
};

const signUpRequests = (api: ReturnType<typeof mockApi>) => api.requestsTo('POST', '/api/auth/sign-up');

async function openSignUp() {
  const view = renderApp('/sign-up');
  await screen.findByRole('heading', { name: 'Create your account' });
  // The checkbox waits for the terms it accepts.
  await waitFor(() => expect(screen.getByLabelText('I accept the Terms and Conditions')).toBeEnabled());
  return {
    ...view,
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    terms: screen.getByLabelText('I accept the Terms and Conditions'),
    submit: screen.getByRole('button', { name: 'Sign up' }),
  };
}

function expectFieldError(field: HTMLElement, message: string) {
  const error = fieldErrorOf(field);
  expect(error).not.toBeNull();
  expect(error).toHaveTextContent(message);
  expect(error?.querySelector('.tabler-icon-alert-triangle')).not.toBeNull();
}

describe('sign-up page', () => {
  beforeEach(() => {
    mockApi(LEGAL_DOCUMENTS);
  });

  it.each([
    ['Ab1!', PASSWORD_MESSAGES.tooShort],
    ['alllowercase', PASSWORD_MESSAGES.tooWeak],
    [`Aa1!${'x'.repeat(252)}`, PASSWORD_MESSAGES.tooLong],
  ])('shows the password rule for %j inline with the warning icon', async (value, message) => {
    const { user, password } = await openSignUp();
    await user.click(password);
    await user.paste(value);
    await user.tab();
    expectFieldError(password, message);
  });

  it('shows the password rules before anything is typed and ticks them off while typing', async () => {
    const { user, password } = await openSignUp();
    const rules = [
      '8 to 255 characters',
      'At least 5 unique characters',
      '1 upper case letter',
      '1 lower case letter',
      '1 number',
      '1 special character',
    ];
    for (const rule of rules) {
      expect(password).toHaveAccessibleDescription(expect.stringContaining(`${rule}: not met yet`));
    }

    await user.type(password, 'Tr4vel-Nimbus-82!');
    for (const rule of rules) {
      expect(password).toHaveAccessibleDescription(expect.stringContaining(`${rule}: met`));
    }
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Strength: Strong'));
    expect(fieldErrorOf(password)).toBeNull();
  });

  it('says nothing about the empty fields a person tabs through', async () => {
    const { user, email, password, terms, submit } = await openSignUp();
    await user.click(email);
    while (document.activeElement !== submit) await user.tab();

    for (const field of [email, password, terms]) {
      expect(field).not.toHaveAttribute('aria-invalid');
      expect(fieldErrorOf(field)).toBeNull();
    }
  });

  it('does not send the form until the terms are accepted', async () => {
    const api = mockApi(LEGAL_DOCUMENTS);
    const { user, email, password, terms, submit } = await openSignUp();
    await user.type(email, 'creator@example.com');
    await user.type(password, 'Str0ng!Pass');
    await user.click(submit);

    expectFieldError(terms, REQUIRED_MESSAGE);
    expect(signUpRequests(api)).toHaveLength(0);
  });

  it('opens the terms it asks the creator to accept, without ticking the box', async () => {
    const api = mockApi(LEGAL_DOCUMENTS);
    const { user, terms } = await openSignUp();
    await user.click(screen.getByRole('button', { name: 'Read the Terms and Conditions' }));

    const panel = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(panel).toBeInTheDocument();
    expect(terms).not.toBeChecked();
    expect(api.requestsTo('GET', `/server-api/creator/terms-and-conditions/${TERMS_ID}`)).toHaveLength(1);
  });

  it('signs up with the current terms version and leads to the check-your-email page', async () => {
    const reply = deferred<MockReply>();
    const api = mockApi({ ...LEGAL_DOCUMENTS, 'POST /api/auth/sign-up': () => reply.promise });
    const { user, email, password, terms, submit } = await openSignUp();
    await user.type(email, 'creator@example.com');
    await user.type(password, 'Str0ng!Pass');
    await user.click(terms);
    await user.click(submit);

    expect(submit).toHaveAttribute('data-loading');
    expect(signUpRequests(api)[0]).toMatchObject({
      contentType: 'form',
      body: {
        username: 'creator@example.com',
        password: 'Str0ng!Pass',
        deviceToken: '',
        tncVersion: TERMS_ID,
      },
    });
    expect(signUpRequests(api)[0]?.headers.has('Authorization')).toBe(false);

    reply.resolve({ body: { message: AUTH_MESSAGES.checkYourEmail, code: 'IG02S64MRC' } });
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('creator@example.com')).toBeInTheDocument();
  });

  it('puts each server field error under its field', async () => {
    mockApi({
      ...LEGAL_DOCUMENTS,
      'POST /api/auth/sign-up': {
        status: 400,
        body: errorBody('VALIDATION_FAILED', 'Validation failed', [
          { field: 'username', message: 'Please enter a valid email address' },
          { field: 'tncVersion', message: AUTH_MESSAGES.termsOutdated },
        ]),
      },
    });
    const { user, email, password, terms, submit } = await openSignUp();
    await user.type(email, 'creator@example.com');
    await user.type(password, 'Str0ng!Pass');
    await user.click(terms);
    await user.click(submit);

    await screen.findByText('Please enter a valid email address');
    expectFieldError(email, 'Please enter a valid email address');
    expectFieldError(terms, AUTH_MESSAGES.termsOutdated);
    expect(fieldErrorOf(password)).toBeNull();
  });

  it('shows the catalogue message for a common password under the password field', async () => {
    mockApi({
      ...LEGAL_DOCUMENTS,
      'POST /api/auth/sign-up': {
        status: 400,
        body: errorBody('A1X8V5O7EN', 'This password is too common.', [
          { field: 'password', message: 'This password is too common.' },
        ]),
      },
    });
    const { user, email, password, terms, submit } = await openSignUp();
    await user.type(email, 'creator@example.com');
    await user.type(password, 'Passw0rd!');
    await user.click(terms);
    await user.click(submit);

    await screen.findByText(AUTH_MESSAGES.differentPassword);
    expectFieldError(password, AUTH_MESSAGES.differentPassword);
  });

  it('shows a server error that no field can show in the message modal', async () => {
    mockApi({
      ...LEGAL_DOCUMENTS,
      'POST /api/auth/sign-up': { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Try later') },
    });
    const { user, email, password, terms, submit } = await openSignUp();
    await user.type(email, 'creator@example.com');
    await user.type(password, 'Str0ng!Pass');
    await user.click(terms);
    await user.click(submit);

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(AUTH_MESSAGES.signUpFailed)).toBeInTheDocument();
  });
});
