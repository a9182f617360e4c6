import {
  ActionIcon,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { LegalLinkType } from '@platform/shared';
import { IconBell } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { AreaChartCard, type AreaChartSeries } from '../../../components/display/AreaChartCard';
import { AssetImage } from '../../../components/display/AssetImage';
import { campaignAssetUrl } from '@platform/shared';
import { BackButton } from '../../../components/display/BackButton';
import { BadgeCounter } from '../../../components/display/BadgeCounter';
import { ConfirmationSheet } from '../../../components/display/ConfirmationSheet';
import { Confetti } from '../../../components/display/Confetti';
import { InfoTooltip } from '../../../components/display/InfoTooltip';
import { LegalFooter } from '../../../components/display/LegalFooter';
import { LegalPanel } from '../../../components/display/LegalPanel';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { PostLinkCard } from '../../../components/display/PostLinkCard';
import { RemoteImage } from '../../../components/display/RemoteImage';
import { TermsUpdateBanner } from '../../../components/display/TermsUpdateBanner';
import { MessageModal, useMessageModal } from '../../../components/feedback/MessageModal';
import { showSuccessToast } from '../../../components/feedback/toasts';

// Everything here runs without a server: loaders wait a moment so that each loading state can be seen.
const FAKE_DELAY_MS = 1200;
const wait = (ms: number = FAKE_DELAY_MS) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

type FooterDocument = Extract<LegalLinkType, 'TERMS' | 'PRIVACY'>;

const FAKE_DOCUMENTS: Record<FooterDocument, string> = {
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

const loadFakeDocument = async (type: FooterDocument) => {
  await wait();
  return FAKE_DOCUMENTS[type];
};

const failAfterDelay = async (): Promise<never> => {
  await wait();
  throw new Error('The gallery has no server.');
};

const POST_LINKS = [
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

const CHART_SERIES: AreaChartSeries[] = [
  { name: 'views', label: 'Views', color: 'indigo.6' },
  { name: 'likes', label: 'Likes', color: 'pink.6' },
];

const CHART_DATA = Array.from({ length: 10 }, (_, day) => ({
  date: `Jun ${day + 1}`,
  views: Math.round(1_200 * 1.6 ** day),
  likes: Math.round(90 * 1.55 ** day),
}));

const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

const SAMPLE_IMAGE = svgDataUrl(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 250">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#4c6ef5"/><stop offset="1" stop-color="#e64980"/>
    </linearGradient></defs>
    <rect width="400" height="250" fill="url(#sky)"/>
    <circle cx="300" cy="70" r="34" fill="#ffe066"/>
    <path d="M0 250 L120 120 L200 200 L270 140 L400 250 Z" fill="#212529" opacity="0.55"/>
  </svg>`,
);

const SAMPLE_ASSET_KEY = 'campaign-assets/campaign-42/cover image.png';

function GallerySection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} id={headingId} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function StateGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid type="container" cols={{ base: 1, '640px': 2, '960px': 3 }} spacing="md">
      {children}
    </SimpleGrid>
  );
}

function StateCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          {label}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

function Outcome({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {children}
    </Text>
  );
}

function PostLinkCards() {
  return (
    <GallerySection title="Post link card">
      <StateGrid>
        {POST_LINKS.map((post) => (
          <StateCard key={post.state} label={post.state}>
            <PostLinkCard url={post.url} title={post.title} />
          </StateCard>
        ))}
      </StateGrid>
    </GallerySection>
  );
}

type OpenDocument = { type: FooterDocument; failing: boolean };

function LegalPanels() {
  const [opened, setOpened] = useState(false);
  const [shown, setShown] = useState<OpenDocument>({ type: 'TERMS', failing: false });
  const open = (next: OpenDocument) => {
    setShown(next);
    setOpened(true);
  };
  return (
    <GallerySection title="Terms and privacy panel">
      <StateGrid>
        <StateCard label="Loads after a moment">
          <Group gap="sm">
            <Button variant="light" onClick={() => open({ type: 'TERMS', failing: false })}>
              Open terms
            </Button>
            <Button variant="light" onClick={() => open({ type: 'PRIVACY', failing: false })}>
              Open privacy
            </Button>
          </Group>
        </StateCard>
        <StateCard label="Fails to load (error)">
          <Button variant="light" color="red" onClick={() => open({ type: 'PRIVACY', failing: true })}>
            Open a document that fails
          </Button>
        </StateCard>
      </StateGrid>
      <LegalPanel
        // A fresh panel per scenario, so the failing one does not reuse the document the other loaded.
        key={shown.failing ? 'failing' : 'working'}
        type={shown.type}
        opened={opened}
        onClose={() => setOpened(false)}
        load={shown.failing ? failAfterDelay : () => loadFakeDocument(shown.type)}
      />
    </GallerySection>
  );
}

function FooterSection() {
  return (
    <GallerySection title="Footer">
      <StateCard label="Terms and Privacy buttons">
        <Paper bg="var(--mantine-color-gray-0)" radius="md">
          <LegalFooter loadDocument={loadFakeDocument} />
        </Paper>
      </StateCard>
    </GallerySection>
  );
}

function BackButtons() {
  const [outcome, setOutcome] = useState('Not pressed yet.');
  return (
    <GallerySection title="Back button">
      <StateGrid>
        <StateCard label="Custom handler">
          <Group gap="sm">
            <BackButton onBack={() => setOutcome('The custom handler ran.')} />
            <Outcome>{outcome}</Outcome>
          </Group>
        </StateCard>
        <StateCard label="Browser back">
          <Group gap="sm">
            <BackButton />
            <Text size="sm" c="dimmed">
              Leaves the gallery for the previous page.
            </Text>
          </Group>
        </StateCard>
        <StateCard label="Disabled">
          <BackButton disabled onBack={() => undefined} />
        </StateCard>
      </StateGrid>
    </GallerySection>
  );
}

function ModalMessageSection() {
  const modal = useMessageModal();
  return (
    <GallerySection title="Modal message">
      <StateCard label="Acknowledged with Okay">
        <Button
          variant="light"
          onClick={() =>
            modal.show('Your entry has been received. We will let you know once it is reviewed.')
          }
        >
          Show modal message
        </Button>
      </StateCard>
      <MessageModal {...modal.props} title="Entry received" />
    </GallerySection>
  );
}

function TermsBanners() {
  const [inlineAccepted, setInlineAccepted] = useState(false);
  const [fixedShown, setFixedShown] = useState(false);
  return (
    <GallerySection title="Terms update banner">
      <StateCard label={inlineAccepted ? 'Accepted' : 'Shown in the page; Okay takes a moment'}>
        {inlineAccepted ? (
          <Group gap="sm">
            <Outcome>The terms were accepted.</Outcome>
            <Button variant="subtle" size="sm" onClick={() => setInlineAccepted(false)}>
              Show the banner again
            </Button>
          </Group>
        ) : (
          <TermsUpdateBanner
            inline
            loadTerms={() => loadFakeDocument('TERMS')}
            onAccept={async () => {
              await wait();
              setInlineAccepted(true);
            }}
          />
        )}
      </StateCard>
      <StateCard label="Fixed to the bottom of the screen">
        <Button variant="light" onClick={() => setFixedShown(true)} disabled={fixedShown}>
          Show banner at the bottom
        </Button>
      </StateCard>
      {fixedShown && (
        <TermsUpdateBanner
          loadTerms={() => loadFakeDocument('TERMS')}
          onAccept={async () => {
            await wait();
            setFixedShown(false);
          }}
        />
      )}
    </GallerySection>
  );
}

function ConfirmationSheetSection() {
  const [opened, setOpened] = useState(false);
  const [outcome, setOutcome] = useState('Nothing chosen yet.');
  return (
    <GallerySection title="Confirmation bottom sheet">
      <StateCard label="Confirm takes a moment">
        <Group gap="sm">
          <Button variant="light" onClick={() => setOpened(true)}>
            Open bottom sheet
          </Button>
          <Outcome>{outcome}</Outcome>
        </Group>
      </StateCard>
      <ConfirmationSheet
        opened={opened}
        title="Leave this campaign?"
        message="Your entries stay visible to the brand, but you will not be able to submit new ones."
        confirmLabel="Leave campaign"
        confirmColor="red"
        onConfirm={async () => {
          await wait();
          setOpened(false);
          setOutcome('Confirmed: you left the campaign.');
        }}
        onCancel={() => {
          setOpened(false);
          setOutcome('Cancelled.');
        }}
      />
    </GallerySection>
  );
}

function ModalDialogSection() {
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('Summer challenge entry');
  const [outcome, setOutcome] = useState('Not saved yet.');
  return (
    <GallerySection title="Modal dialog">
      <StateCard label="Submit takes a moment">
        <Group gap="sm">
          <Button variant="light" onClick={() => setOpened(true)}>
            Open dialog
          </Button>
          <Outcome>{outcome}</Outcome>
        </Group>
      </StateCard>
      <ModalDialog
        opened={opened}
        title="Rename entry"
        submitLabel="Save"
        submitDisabled={name.trim() === ''}
        onSubmit={async () => {
          await wait();
          setOpened(false);
          setOutcome(`Saved as '${name.trim()}'.`);
        }}
        onClose={() => setOpened(false)}
      >
        <TextInput
          label="Entry name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
        />
      </ModalDialog>
    </GallerySection>
  );
}

function AreaCharts() {
  return (
    <GallerySection title="Area chart">
      <StateGrid>
        <AreaChartCard title="Views and likes" data={CHART_DATA} dataKey="date" series={CHART_SERIES} />
        <AreaChartCard
          title="Views and likes (loading)"
          data={[]}
          dataKey="date"
          series={CHART_SERIES}
          loading
        />
        <AreaChartCard title="Views and likes (empty)" data={[]} dataKey="date" series={CHART_SERIES} />
      </StateGrid>
    </GallerySection>
  );
}

function BadgeCounters() {
  const [count, setCount] = useState(3);
  return (
    <GallerySection title="Badge counter">
      <StateGrid>
        <StateCard label="Zero: hidden">
          <Group gap="sm">
            <Text size="sm">Messages</Text>
            <BadgeCounter count={0} />
          </Group>
        </StateCard>
        <StateCard label="Up to 99">
          <Group gap="lg">
            <BadgeCounter count={7} />
            <BadgeCounter count={99} />
          </Group>
        </StateCard>
        <StateCard label="Above 99">
          <BadgeCounter count={100} />
        </StateCard>
        <StateCard label="On an icon">
          <Group gap="md">
            <BadgeCounter count={count}>
              <ActionIcon variant="light" size="xl" radius="xl" aria-label="Notifications">
                <IconBell size={22} aria-hidden="true" />
              </ActionIcon>
            </BadgeCounter>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setCount((value) => value + 1)}>
                Add one
              </Button>
              <Button size="xs" variant="default" onClick={() => setCount((value) => value + 50)}>
                Add fifty
              </Button>
              <Button size="xs" variant="default" onClick={() => setCount(0)}>
                Clear
              </Button>
            </Group>
          </Group>
        </StateCard>
      </StateGrid>
    </GallerySection>
  );
}

function Tooltips() {
  return (
    <GallerySection title="Tooltip">
      <StateCard label="Hover, focus or tap the icon">
        <Group gap={4}>
          <Text size="sm" fw={600}>
            Reward type
          </Text>
          <InfoTooltip label="About reward types">
            First come, first served pays the first entries approved; top prizes go to the best performing
            entries; sprints reward each milestone reached in time.
          </InfoTooltip>
        </Group>
      </StateCard>
    </GallerySection>
  );
}

function ConfettiSection() {
  const [celebrating, setCelebrating] = useState(false);
  const [celebrations, setCelebrations] = useState(0);
  return (
    <GallerySection title="Confetti">
      <StateCard label="Three seconds, then stops">
        <Group gap="sm">
          <Button variant="light" onClick={() => setCelebrating(true)} loading={celebrating}>
            Celebrate
          </Button>
          <Outcome>{celebrating ? 'Celebrating…' : `Celebrations finished: ${celebrations}`}</Outcome>
        </Group>
        <Confetti
          active={celebrating}
          onDone={() => {
            setCelebrating(false);
            setCelebrations((value) => value + 1);
          }}
        />
      </StateCard>
    </GallerySection>
  );
}

function SuccessToastSection() {
  return (
    <GallerySection title="Success toast">
      <StateCard label="Closes by itself after a few seconds">
        <Button
          variant="light"
          color="green"
          onClick={() => showSuccessToast('Your entry has been submitted for review.', 'Entry submitted')}
        >
          Show success toast
        </Button>
      </StateCard>
    </GallerySection>
  );
}

function AssetImages() {
  return (
    <GallerySection title="Uploaded asset image">
      <StateGrid>
        <StateCard label="Loaded">
          <RemoteImage src={SAMPLE_IMAGE} alt="Campaign cover: mountains at sunset" height={180} />
        </StateCard>
        <StateCard label="Thumbnail">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <RemoteImage src={SAMPLE_IMAGE} alt="Campaign cover thumbnail" width={96} height={96} />
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Thumbnails come from <Code>{campaignAssetUrl(SAMPLE_ASSET_KEY, { thumbnail: true })}</Code>
            </Text>
          </Group>
        </StateCard>
        <StateCard label="Loading">
          <AssetImage assetKey={null} alt="Campaign cover still uploading" height={180} />
        </StateCard>
        <StateCard label="Failed to load (error)">
          <AssetImage
            assetKey="missing/broken-image.png"
            alt="Campaign cover that could not be loaded"
            height={180}
          />
        </StateCard>
      </StateGrid>
    </GallerySection>
  );
}

/** The display widgets of SPEC §2 in each of their states, with fake data and no server. */
export default function DisplayWidgetsGallery() {
  return (
    <Stack gap={48}>
      <PostLinkCards />
      <LegalPanels />
      <FooterSection />
      <BackButtons />
      <ModalMessageSection />
      <TermsBanners />
      <ConfirmationSheetSection />
      <ModalDialogSection />
      <AreaCharts />
      <BadgeCounters />
      <Tooltips />
      <ConfettiSection />
      <SuccessToastSection />
      <AssetImages />
    </Stack>
  );
}
