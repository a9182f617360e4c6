/** Legal link types (SPEC §3). */
export const LEGAL_LINK_TYPES = ['CCPA', 'INFLUENCER_GUIDELINES', 'PRIVACY', 'TERMS'] as const;
export type LegalLinkType = (typeof LEGAL_LINK_TYPES)[number];
