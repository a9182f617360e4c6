import type { LegalLinkType } from '@platform/shared';
import { type AreaChartSeries } from '../../../components/display/AreaChartCard';

// Everything here runs without a server: loaders wait a moment so that each loading state can be seen.
export const FAKE_DELAY_MS = 1200;
export const wait = (ms: number = FAKE_DELAY_MS) =>
  new Promise<void>((resolve) => window.setTimeout(resolve, ms));

export type FooterDocument = Extract<LegalLinkType, 'TERMS' | 'PRIVACY'>;

export const FAKE_DOCUMENTS: Record<FooterDocument, string> = {
  TERMS: [
    '1. About these terms',
    'These terms apply to every campaign you join through the platform.<br>Read them with our <a href="https://example.com/privacy" target="_blank">privacy policy</a>.',
    '',
    '2. Entries',
    'Each entry must be your own work and stay published for the whole campaign.',
    '<script>alert("never runs: the sanitiser removes it")</script>',
    '3. Payments',
    '<strong>Rewards</strong> are paid once the campaign has ended and the entry has been approved.',
  ].join('\n'),
  PRIVACY: [
    '1. What we collect',
    'Your name, email address, social handles and the posts you submit to campaigns.',
    '',
    '2. Why',
    'To run campaigns, pay rewards and meet our legal duties. Questions: <a href="mailto:privacy@example.com">privacy@example.com</a>.',
  ].join('\n'),
};

export const loadFakeDocument = async (type: FooterDocument) => {
  await wait();
  return FAKE_DOCUMENTS[type];
};

export const failAfterDelay = async (): Promise<never> => {
  await wait();
  throw new Error('The gallery has no server.');
};

export const POST_LINKS = [
  {
    state: 'TikTok',
    url: 'https://www.tiktok.com/@creator/video/7234567890123456789',
    title: 'Summer challenge',
  },
  { state: 'YouTube', url: 'https://youtu.be/dQw4w9WgXcQ' },
  { state: 'Instagram', url: 'https://www.instagram.com/p/C1a2b3c4d5E/' },
  { state: 'Snapchat', url: 'https://www.snapchat.com/spotlight/W7_EDlXWTBiXAEEniNoMPwAAYYW' },
  { state: 'Other website', url: 'https://example.com/blog/my-campaign-post' },
  { state: 'Not a link (error)', url: 'my post on tiktok' },
];

export const CHART_SERIES: AreaChartSeries[] = [
  { name: 'views', label: 'Views', color: 'indigo.6' },
  { name: 'likes', label: 'Likes', color: 'pink.6' },
];

export const CHART_DATA = Array.from({ length: 10 }, (_, day) => ({
  date: `Jun ${day + 1}`,
  views: Math.round(1_200 * 1.6 ** day),
  likes: Math.round(90 * 1.55 ** day),
}));

export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export const SAMPLE_IMAGE = svgDataUrl(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 250">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#4c6ef5"/><stop offset="1" stop-color="#e64980"/>
    </linearGradient></defs>
    <rect width="400" height="250" fill="url(#sky)"/>
    <circle cx="300" cy="70" r="34" fill="#ffe066"/>
    <path d="M0 250 L120 120 L200 200 L270 140 L400 250 Z" fill="#212529" opacity="0.55"/>
  </svg>`,
);

export const SAMPLE_ASSET_KEY = 'campaign-assets/campaign-42/cover image.png';
