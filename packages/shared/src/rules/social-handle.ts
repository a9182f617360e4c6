import { z } from 'zod';
import { CREATOR_PLATFORMS, type CreatorPlatform } from '../vocabulary/platforms';
import { requiredString } from './common';
import { CHANNEL_ID_MESSAGE, REQUIRED_MESSAGE, SOCIAL_HANDLE_MESSAGES } from './messages';
import { schema } from '../contracts/build-schema';

export const handleSchema = schema(() =>
  requiredString().refine((handle) => !handle.includes('@'), {
    error: SOCIAL_HANDLE_MESSAGES.atSign,
  }),
);

export const socialHandleSchema = schema(() =>
  z.object({
    socialPlatform: z.enum(CREATOR_PLATFORMS, { error: REQUIRED_MESSAGE }),
    handle: handleSchema,
  }),
);
export type SocialHandle = z.infer<typeof socialHandleSchema>;

/** Indexes of the handles whose platform already appeared earlier in the list. */
export function duplicatePlatformIndexes(handles: readonly { socialPlatform: CreatorPlatform }[]): number[] {
  const seen = new Set<CreatorPlatform>();
  const duplicates: number[] = [];
  handles.forEach((handle, index) => {
    if (seen.has(handle.socialPlatform)) duplicates.push(index);
    seen.add(handle.socialPlatform);
  });
  return duplicates;
}

/** One handle per platform: the repeated entry's platform field carries the message. */
export const socialHandlesSchema = schema(() =>
  z.array(socialHandleSchema).superRefine((handles, ctx) => {
    for (const index of duplicatePlatformIndexes(handles)) {
      ctx.addIssue({
        code: 'custom',
        message: SOCIAL_HANDLE_MESSAGES.duplicatePlatform,
        path: [index, 'socialPlatform'],
      });
    }
  }),
);

/** 'UC', 21 characters of the URL-safe base64 alphabet, then one of A, Q, g or w (SPEC §5). */
const CHANNEL_ID_SHAPE = /^UC[A-Za-z0-9_-]{21}[AQgw]$/;

export function isValidYoutubeChannelId(value: string): boolean {
  return CHANNEL_ID_SHAPE.test(value);
}

/** Optional: empty or missing is fine, anything else must be a channel ID. */
export const youtubeChannelIdSchema = schema(() =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || isValidYoutubeChannelId(value), { error: CHANNEL_ID_MESSAGE })
    .optional(),
);
