import {
  campaignPlatformMessage,
  isPostLinkFor,
  maxLengthMessage,
  PLATFORM_LABELS,
  REQUIRED_MESSAGE,
  URL_MAX_LENGTH,
  type CreatorPlatform,
} from '@platform/shared';
import { z } from 'zod/mini';

export interface EntryLinkForm {
  postLink: string;
}

/**
 * The entry form: the shared `campaignLinkSchema` rebuilt in zod/mini. The shared one is full zod, which
 * would put full zod in the chunk every form page loads (sign-up measured 185 KB gz, over its 170 KB:
 * ADR 009); entry-link.test.ts holds this twin to it, input by input.
 */
export function entryLinkFormSchema(platform: CreatorPlatform) {
  return z.object({
    postLink: z.string({ error: REQUIRED_MESSAGE }).check(
      z.trim(),
      z.minLength(1, { error: REQUIRED_MESSAGE, abort: true }),
      z.maxLength(URL_MAX_LENGTH, { error: maxLengthMessage(URL_MAX_LENGTH), abort: true }),
      z.refine((link) => isPostLinkFor(platform, link), {
        error: campaignPlatformMessage(PLATFORM_LABELS[platform]),
      }),
    ),
  });
}
