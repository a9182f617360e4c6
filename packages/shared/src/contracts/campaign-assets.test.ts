import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../rules/constants';
import { campaignAssetTypeOf, campaignAssetUploadBodySchema } from './campaign-assets';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('campaign asset kinds (SPEC §3)', () => {
  it.each([
    ['cover.png', 'image/png', 'image'],
    ['brief.pdf', 'application/pdf', 'pdf'],
    ['logo.svg', 'image/svg+xml', 'svg'],
    ['loop.gif', '', 'gif'],
    ['favicon.ico', 'image/x-icon', 'icon'],
    ['brand.woff2', 'font/woff2', 'font'],
    ['jingle.mp3', 'audio/mpeg', 'audio'],
    ['teaser.mov', 'video/quicktime', 'video'],
    ['cover.png', 'application/pdf', null],
    ['script.js', 'text/javascript', null],
    ['page.html', 'text/html', null],
  ])('takes %s declared as %j to be %j', (name, type, kind) => {
    expect(campaignAssetTypeOf({ name, type })).toBe(kind);
  });
});

describe('asking to upload a campaign asset', () => {
  it('accepts a file up to 250 MB and refuses one byte more with the spec’s message', () => {
    const file = { fileName: 'teaser.mp4', contentType: 'video/mp4' };
    expect(issuesOf(campaignAssetUploadBodySchema.safeParse({ ...file, size: UPLOAD_MAX_BYTES }))).toEqual(
      [],
    );
    expect(
      issuesOf(campaignAssetUploadBodySchema.safeParse({ ...file, size: UPLOAD_MAX_BYTES + 1 })),
    ).toEqual([['size', 'File size exceeds the maximum limit of 250 MB.']]);
  });

  it('refuses a type that is not a campaign asset on the file name', () => {
    expect(
      issuesOf(campaignAssetUploadBodySchema.safeParse({ fileName: 'run.exe', contentType: '', size: 10 })),
    ).toEqual([['fileName', 'This file type is not supported.']]);
  });

  it('asks for a file when none was chosen', () => {
    expect(
      issuesOf(campaignAssetUploadBodySchema.safeParse({ fileName: '', contentType: 'image/png', size: 0 })),
    ).toEqual([
      ['fileName', 'Please select a file to upload.'],
      ['size', 'Please select a file to upload.'],
    ]);
  });
});
