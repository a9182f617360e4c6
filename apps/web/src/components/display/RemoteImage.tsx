import { Center, getRadius, Image, Skeleton, Stack, Text, type ImageProps } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';

export interface RemoteImageProps extends Pick<ImageProps, 'fit' | 'radius'> {
  /** Null while the address is not known yet: the skeleton shows until it is. */
  src: string | null;
  alt: string;
  width?: number | string;
  height?: number | string;
}

type LoadState = { src: string; status: 'loaded' | 'failed' };

/** An image that shows a skeleton while it loads and an icon in its place if it cannot be loaded. */
export function RemoteImage({
  src,
  alt,
  width = '100%',
  height = 200,
  fit = 'cover',
  radius = 'md',
}: RemoteImageProps) {
  // Keyed by address, so a new address starts out loading again.
  const [loadState, setLoadState] = useState<LoadState | null>(null);
  const status = src === null ? 'waiting' : loadState?.src === src ? loadState.status : 'loading';

  if (src !== null && status === 'failed') {
    return (
      <Center
        role="img"
        aria-label={alt}
        w={width}
        h={height}
        bg="var(--mantine-color-gray-1)"
        style={{ borderRadius: getRadius(radius) }}
      >
        <Stack align="center" gap={4} aria-hidden="true">
          <IconPhotoOff size={32} stroke={1.5} color="var(--mantine-color-gray-6)" />
          <Text size="xs" c="dimmed">
            Image unavailable
          </Text>
        </Stack>
      </Center>
    );
  }

  const loading = status === 'waiting' || status === 'loading';
  return (
    <Skeleton visible={loading} width={width} height={height} radius={getRadius(radius)} aria-busy={loading}>
      {src !== null && (
        <Image
          src={src}
          alt={alt}
          w={width}
          h={height}
          fit={fit}
          radius={radius}
          onLoad={() => setLoadState({ src, status: 'loaded' })}
          onError={() => setLoadState({ src, status: 'failed' })}
        />
      )}
    </Skeleton>
  );
}
