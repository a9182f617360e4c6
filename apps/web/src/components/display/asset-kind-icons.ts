import type { AssetFileType } from '@platform/shared';
import {
  IconFileTypePdf,
  IconMusic,
  IconPhoto,
  IconTypography,
  IconVideo,
  type Icon,
} from '@tabler/icons-react';

/** The icon that stands for a campaign file of each kind (SPEC §3), where no thumbnail shows it. */
export const ASSET_KIND_ICONS: Readonly<Record<AssetFileType, Icon>> = {
  audio: IconMusic,
  font: IconTypography,
  gif: IconPhoto,
  icon: IconPhoto,
  image: IconPhoto,
  pdf: IconFileTypePdf,
  svg: IconPhoto,
  video: IconVideo,
};
