import { ActionIcon, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { AreaChartCard } from '../../../components/display/AreaChartCard';
import { AssetImage } from '../../../components/display/AssetImage';
import { campaignAssetUrl } from '@platform/shared';
import { BackButton } from '../../../components/display/BackButton';
import { BadgeCounter } from '../../../components/display/BadgeCounter';
import { Confetti } from '../../../components/display/Confetti';
import { InfoTooltip } from '../../../components/display/InfoTooltip';
import { LegalFooter } from '../../../components/display/LegalFooter';
import { LegalPanel } from '../../../components/display/LegalPanel';
import { PostLinkCard } from '../../../components/display/PostLinkCard';
import { RemoteImage } from '../../../components/display/RemoteImage';
import { showSuccessToast } from '../../../components/feedback/toasts';
import {
  loadFakeDocument,
  failAfterDelay,
  POST_LINKS,
  CHART_SERIES,
  CHART_DATA,
  SAMPLE_IMAGE,
  SAMPLE_ASSET_KEY,
  type FooterDocument,
} from './display-fakes';
import { GallerySection, StateGrid, StateCard, Outcome } from './DisplayGalleryLayout';
import {
  ModalMessageSection,
  TermsBanners,
  ConfirmationSheetSection,
  ModalDialogSection,
} from './DialogSections';

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
