import { STAFF_ROLE_LABELS, type MarketingRole } from '@platform/shared';

export type EmailContent = { subject: string; text: string; html: string; actionUrl: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function layout(title: string, paragraphs: string[], action: { label: string; url: string }): string {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('');
  const url = escapeHtml(action.url);
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a1b1e">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}
<p><a href="${url}" style="display:inline-block;padding:10px 18px;background:#7048e8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#666;font-size:13px">Or paste this link into your browser: ${url}</p></body></html>`;
}

function email(subject: string, paragraphs: string[], action: { label: string; url: string }): EmailContent {
  return {
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n`,
    html: layout(subject, paragraphs, action),
    actionUrl: action.url,
  };
}

export const emailTemplates = {
  verifyEmail: (url: string) =>
    email(
      'Verify your email address',
      [
        'Welcome! Please confirm this is your email address to finish creating your account.',
        'The link works once and expires in 24 hours. If you did not sign up, you can ignore this email.',
      ],
      { label: 'Verify email', url },
    ),
  resetPassword: (url: string) =>
    email(
      'Reset your password',
      [
        'We received a request to reset the password for your account.',
        'The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email: your password stays as it is.',
      ],
      { label: 'Reset password', url },
    ),
  signUpAttempt: (url: string) =>
    email(
      'Someone tried to sign up with your email address',
      [
        'Someone tried to create a new account with this email address, but you already have an account.',
        'If it was you, sign in instead, or reset your password from the sign-in page if you have forgotten it. If it was not you, no action is needed: your account is unchanged.',
      ],
      { label: 'Sign in', url },
    ),
  staffInvitation: (details: {
    url: string;
    displayName: string;
    invitedBy: string;
    role: MarketingRole;
    expiresInDays: number;
  }) => {
    const role = STAFF_ROLE_LABELS[details.role];
    const article = /^[AEIOU]/i.test(role) ? 'an' : 'a';
    return email(
      'You are invited to the marketing console',
      [
        `Hello ${details.displayName},`,
        `${details.invitedBy} invited you to join the marketing console as ${article} ${role}.`,
        'Open the link to choose your password; then sign in with this email address.',
        `The link works once and expires in ${details.expiresInDays} days. If you were not expecting this invitation, you can ignore this email.`,
      ],
      { label: 'Accept the invitation', url: details.url },
    );
  },
  /** A notification (SPEC §4, ADR 031), in the same words as the feed and the push. */
  notification: (details: { title: string; body: string; url: string; audience?: 'creator' | 'staff' }) =>
    details.audience === 'staff'
      ? email(
          details.title,
          [
            details.body,
            'You get this email because you chose to hear of this by email. You can choose which notifications reach you in the console’s notification settings.',
          ],
          { label: 'Open the console', url: details.url },
        )
      : email(
          details.title,
          [
            details.body,
            'You get this email because you chose to hear of this by email. You can choose which notifications reach you, and how, in the app.',
          ],
          { label: 'Open the app', url: details.url },
        ),
  /** Entries waiting for review, every campaign in one email (ADR 031): never one email per entry. */
  entriesDigest: (details: {
    campaigns: readonly { name: string; waiting: number; url: string }[];
    url: string;
  }) => {
    const total = details.campaigns.reduce((sum, campaign) => sum + campaign.waiting, 0);
    const entries = (count: number) => (count === 1 ? '1 entry' : `${count} entries`);
    return email(
      `${entries(total)} waiting for review`,
      [
        'These campaigns have entries waiting for your review:',
        ...details.campaigns.map(
          (campaign) => `${campaign.name}: ${entries(campaign.waiting)} waiting (${campaign.url})`,
        ),
        'You get this digest at most once an hour, when new entries have arrived. You can turn it off in the console’s notification settings.',
      ],
      { label: 'Review entries', url: details.url },
    );
  },
  identityCheckDecided: (details: {
    outcome: 'passed' | 'failed' | 'again';
    reason: string | null;
    url: string;
  }) => {
    if (details.outcome === 'passed') {
      return email(
        'Your identity is verified',
        [
          'Thank you: we have checked your identity document and your selfie, and all is in order.',
          'Open the app to choose the artists you work with and finish setting up your account.',
        ],
        { label: 'Carry on', url: details.url },
      );
    }
    const why = details.reason ? [`Why: ${details.reason}`] : [];
    if (details.outcome === 'again') {
      return email(
        'Please verify your identity again',
        [
          'We could not complete your identity check with the photos you sent.',
          ...why,
          'Open the app to send a new photo of your identity document and a new selfie.',
        ],
        { label: 'Try again', url: details.url },
      );
    }
    return email(
      'We could not verify your identity',
      [
        'We have checked your identity document and your selfie, and we cannot verify your identity.',
        ...why,
        'If you think this is a mistake, please reply to Support from the app.',
      ],
      { label: 'Open the app', url: details.url },
    );
  },
};
