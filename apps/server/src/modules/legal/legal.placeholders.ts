import type { LegalLinkType } from '@platform/shared';

/** The ids migration 0004 gives the placeholder documents: every install has them. */
export const SHIPPED_DOCUMENT_IDS = {
  TERMS: '00000000-0000-4000-8000-000000000001',
  PRIVACY: '00000000-0000-4000-8000-000000000002',
} as const;

/**
 * The texts a fresh install shows until an Admin publishes the operator's own (migration 0004 creates
 * their records). They say plainly what they are, so no creator mistakes them for an agreement.
 */
export const PLACEHOLDER_TEXTS: Partial<Record<LegalLinkType, string>> = {
  TERMS: [
    'Terms and Conditions (placeholder)',
    '',
    'These are the placeholder terms that come with the platform. The organisation running this service has not yet published its own Terms and Conditions.',
    '',
    'By signing up you agree to use the service honestly: the content you submit must be your own, and the details you give about yourself must be true.',
    '',
    'The organisation running this service will publish its own terms here. When it does, you will be asked to review them.',
  ].join('\n'),
  PRIVACY: [
    'Privacy Policy (placeholder)',
    '',
    'This is the placeholder privacy notice that comes with the platform. The organisation running this service has not yet published its own Privacy Policy.',
    '',
    'The service keeps the details you give it (your name, contact details, address, social handles, tax registration and identity documents) to run campaigns with you and to pay you. Identity documents are stored privately and seen only by the staff who check them.',
    '',
    'The organisation running this service will publish its own privacy policy here.',
  ].join('\n'),
};
