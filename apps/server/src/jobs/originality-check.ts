import type { OriginalityService } from '../modules/originality/originality.service';

/**
 * One run of the originality check (ADR 036): the campaigns' own footage fingerprinted first, so the
 * entries checked after are compared with it too. Answers how many of each were fingerprinted.
 */
export async function checkOriginality(services: {
  originalityService: Pick<OriginalityService, 'fingerprintFootage' | 'checkEntryVideos'>;
}): Promise<{ footage: number; entries: number }> {
  const footage = await services.originalityService.fingerprintFootage();
  const entries = await services.originalityService.checkEntryVideos();
  return { footage, entries };
}
