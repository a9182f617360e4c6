import type { LegalLinkType } from '@platform/shared';

/** The legal documents (SPEC §3 link types) as the console names them. */
export const LEGAL_LINK_LABELS: Readonly<Record<LegalLinkType, string>> = {
  TERMS: 'Terms and conditions',
  PRIVACY: 'Privacy policy',
  CCPA: 'CCPA notice',
  INFLUENCER_GUIDELINES: 'Influencer guidelines',
};
