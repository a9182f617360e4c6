import { Anchor, Button, Center, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconFileTypePdf, IconPhotoOff } from '@tabler/icons-react';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { FILE_URL_FRESH_MS } from '../api/get-identity-check';

export interface CheckFile {
  url: string;
  contentType: string;
}

export interface IdentityFileProps {
  /** 'Identity document', 'Selfie'. */
  title: string;
  /** Names the image for screen readers: 'Identity document of Ada Lovelace'. */
  alt: string;
  /** Null when the creator never uploaded it, or it is no longer stored. */
  file: CheckFile | null;
  /** When the file's URL was handed out: it works for five minutes from then. */
  fetchedAt: number;
  /** True while fresh URLs are being fetched. */
  renewing: boolean;
  /** Asks the server for the check again, for fresh URLs; resolves with this file's new one. */
  renew: () => Promise<CheckFile | null>;
}

const FRAME_HEIGHT = 380;

function Frame({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Center
      h={FRAME_HEIGHT}
      bg="var(--mantine-color-gray-0)"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      role={label ? 'img' : undefined}
      aria-label={label}
    >
      {children}
    </Center>
  );
}

/**
 * A link that opens the file in a new tab. The URL expires after five minutes: once it may have, the tab
 * opens at once (a browser lets a click open a tab, not a promise) and is sent to a fresh URL.
 */
function OpenInNewTab({
  file,
  fetchedAt,
  renew,
  children,
}: Omit<IdentityFileProps, 'title' | 'alt' | 'renewing'> & {
  file: CheckFile;
  children: ReactNode;
}) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (Date.now() - fetchedAt < FILE_URL_FRESH_MS) return;
    event.preventDefault();
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    renew().then(
      (fresh) => {
        if (tab && fresh) tab.location.href = fresh.url;
        else tab?.close();
      },
      () => tab?.close(),
    );
  };
  return (
    <Anchor href={file.url} target="_blank" rel="noopener noreferrer" onClick={open} size="sm">
      {children}
      <IconExternalLink size={14} aria-hidden="true" style={{ marginInlineStart: 4, verticalAlign: -2 }} />
    </Anchor>
  );
}

function CheckImage({
  file,
  alt,
  renewing,
  renew,
}: Pick<IdentityFileProps, 'alt' | 'renewing' | 'renew'> & {
  file: CheckFile;
}) {
  const src = file.url;
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // A URL that stops working has most likely expired: the first failure fetches a fresh one by itself; a
  // fresh one that fails too is reported, with a button to try once more.
  const [renewedOnce, setRenewedOnce] = useState(false);
  const [gaveUp, setGaveUp] = useState(false);

  const failedNow = failedSrc === src;
  if (failedNow && (gaveUp || !renewing)) {
    return (
      <Frame>
        <Stack align="center" gap="xs" role="alert">
          <IconPhotoOff size={32} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden="true" />
          <Text size="sm" c="dimmed">
            The image could not be loaded.
          </Text>
          <Button
            size="xs"
            variant="light"
            loading={renewing}
            onClick={() => {
              setGaveUp(false);
              setRenewedOnce(true);
              void renew();
            }}
          >
            Try again
          </Button>
        </Stack>
      </Frame>
    );
  }

  const loading = failedNow || loadedSrc !== src;
  return (
    <Skeleton visible={loading} h={FRAME_HEIGHT} radius="md" aria-busy={loading}>
      {!failedNow && (
        <Image
          src={src}
          alt={alt}
          h={FRAME_HEIGHT}
          fit="contain"
          radius="md"
          bg="var(--mantine-color-gray-0)"
          onLoad={() => {
            setLoadedSrc(src);
            setRenewedOnce(false);
          }}
          onError={() => {
            setFailedSrc(src);
            if (renewedOnce) {
              setGaveUp(true);
              return;
            }
            setRenewedOnce(true);
            void renew();
          }}
        />
      )}
    </Skeleton>
  );
}

/** One of the check's files: an image shown inline, a PDF as a link that opens it in a new tab. */
export function IdentityFile({ title, alt, file, fetchedAt, renewing, renew }: IdentityFileProps) {
  const isPdf = file?.contentType === 'application/pdf';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {!file ? (
          <Frame label={`${title}: not uploaded`}>
            <Stack align="center" gap="xs" aria-hidden="true">
              <IconPhotoOff size={32} stroke={1.5} color="var(--mantine-color-gray-6)" />
              <Text size="sm" c="dimmed">
                Not uploaded
              </Text>
            </Stack>
          </Frame>
        ) : isPdf ? (
          <Frame>
            <Stack align="center" gap="xs">
              <IconFileTypePdf
                size={48}
                stroke={1.25}
                color="var(--mantine-color-red-7)"
                aria-hidden="true"
              />
              <Text size="sm" c="dimmed">
                The {title.toLowerCase()} is a PDF.
              </Text>
              <OpenInNewTab file={file} fetchedAt={fetchedAt} renew={renew}>
                Open the PDF in a new tab
              </OpenInNewTab>
            </Stack>
          </Frame>
        ) : (
          <>
            <CheckImage file={file} alt={alt} renewing={renewing} renew={renew} />
            <OpenInNewTab file={file} fetchedAt={fetchedAt} renew={renew}>
              Open full size in a new tab
            </OpenInNewTab>
          </>
        )}
      </Stack>
    </Paper>
  );
}
