import { describe, expect, it } from 'vitest';
import { requiredString as requiredStringMini } from '../rules/common-mini';
import { requiredString } from '../rules/common';
import { UNPAIRED_SURROGATES_MESSAGE } from '../rules/messages';
import { campaignBodySchema } from './campaign';
import { creatorAddressBodySchema } from './creator';
import { publishLegalDocumentBodySchema } from './legal';
import { createLookupBodySchema } from './lookups';
import { metricsCorrectionBodySchema, metricsWebhookBodySchema } from './metrics';
import { inviteStaffBodySchema } from './staff';
import { teamBodySchema } from './teams';
import { territoryBodySchema } from './territories';

type Parsed = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
type Parses = { safeParse(value: unknown): Parsed };

/** The messages the schema gives on `field` for a body in which it holds `value`. */
function messagesOn(schema: Parses, field: string, value: string): string[] {
  const result = schema.safeParse({ [field]: value });
  return (result.error?.issues ?? [])
    .filter((issue) => issue.path.join('.') === field)
    .map((issue) => issue.message);
}

// The forms check what the server's input guard checks, with the same rule and the same words.
describe('text fields refuse half of a surrogate pair, as the server does', () => {
  it.each([
    ['a team', teamBodySchema, 'name'],
    ['a territory', territoryBodySchema, 'name'],
    ['a campaign', campaignBodySchema, 'name'],
    ['a staff invitation', inviteStaffBodySchema, 'displayName'],
    ['a lookup', createLookupBodySchema, 'name'],
    ['a creator’s address', creatorAddressBodySchema, 'line1'],
    ['a legal document', publishLegalDocumentBodySchema, 'version'],
    ['a metrics correction', metricsCorrectionBodySchema, 'note'],
  ] as const)('%s’s %s', (_label, schema, field) => {
    for (const value of ['North\ud800', '\udc00', 'cut \ud83d']) {
      expect(messagesOn(schema as Parses, field, value), JSON.stringify(value)).toContain(
        UNPAIRED_SURROGATES_MESSAGE,
      );
    }
    expect(messagesOn(schema as Parses, field, 'North 😀')).not.toContain(UNPAIRED_SURROGATES_MESSAGE);
  });

  it('the required text of both zod builds alike', () => {
    for (const build of [requiredString, requiredStringMini]) {
      const refused = build().safeParse(' a\udfff ');
      expect(refused.success).toBe(false);
      expect(refused.error?.issues.map((issue) => issue.message)).toEqual([UNPAIRED_SURROGATES_MESSAGE]);
      expect(build().safeParse(' 🎵 ').data).toBe('🎵');
    }
  });

  it('a partner’s post link in the metrics webhook', () => {
    const result = metricsWebhookBodySchema.safeParse({
      readings: [
        {
          postLink: 'https://www.tiktok.com/@a/video/1\ud800',
          views: 1,
          likes: 1,
          comments: 1,
          shares: 1,
          readAt: '2026-11-21T09:00:00Z',
        },
      ],
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['readings.0.postLink']);
  });
});
