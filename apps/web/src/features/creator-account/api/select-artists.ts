import type { ArtistSelectionBody, CreatorInfo } from '@platform/shared';
import { apiFetch } from '../../../lib/api-client';
import { creatorPath } from './paths';
import { useCreatorUpdate } from './use-creator-update';

export function selectArtists(body: ArtistSelectionBody): Promise<CreatorInfo> {
  return apiFetch<CreatorInfo>(creatorPath('/artist-selection'), { method: 'PATCH', body });
}

export const useSelectArtists = () => useCreatorUpdate(selectArtists);
