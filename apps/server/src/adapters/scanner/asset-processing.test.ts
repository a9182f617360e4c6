import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClamdScanner } from './clamd-scanner';
import { createNoScanner } from './no-scanner';
import type { FileStorage } from '../storage/file-storage';
import { createLocalDiskStorage } from '../storage/local-disk-storage';
import { createUrlSigner } from '../storage/signed-urls';
import { EICAR, EICAR_SIGNATURE_NAME, freePort, startClamd, type Clamd } from '../../test/clamd';
import { createTestClock } from '../../test/harness';
import { thumbnailKeyOf } from '@platform/shared';
import { processStoredAsset } from './asset-processing';

let clamd: Clamd;
let root: string;
let storage: FileStorage;
beforeAll(async () => {
  clamd = await startClamd();
  root = await mkdtemp(join(tmpdir(), 'asset-processing-'));
  const signer = createUrlSigner({
    secret: 'x'.repeat(32),
    publicUrl: 'http://app.test',
    clock: createTestClock(),
  });
  storage = createLocalDiskStorage({ root, signer });
}, 60_000);
afterAll(async () => {
  await clamd?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

const scanner = () => createClamdScanner({ host: clamd.host, port: clamd.port, timeoutMs: 20_000 });
const photo = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3355ff' } })
    .png()
    .toBuffer();

describe('processing an uploaded campaign file', () => {
  it('scans a clean image with clamd, keeps it and makes a webp thumbnail 480 px wide', async () => {
    const key = 'campaign-assets/c1/cover.png';
    await storage.put(key, await photo(), 'image/png');
    const processed = await processStoredAsset({ storage, scanner: scanner() }, { key, fileType: 'image' });
    expect(processed).toEqual({
      contentMismatch: false,
      scanStatus: 'SUCCESS',
      scanned: true,
      scanDetail: null,
      thumbnailKey: thumbnailKeyOf(key),
    });
    const thumbnail = await storage.get(thumbnailKeyOf(key));
    expect(thumbnail?.contentType).toBe('image/webp');
    const chunks: Buffer[] = [];
    for await (const chunk of thumbnail!.body) chunks.push(chunk as Buffer);
    expect(await sharp(Buffer.concat(chunks)).metadata()).toMatchObject({ format: 'webp', width: 480 });
  });

  it('refuses the EICAR test file as THREATS_FOUND and removes it from storage', async () => {
    const key = 'campaign-assets/c1/brief.pdf';
    await storage.put(key, EICAR, 'application/pdf');
    const processed = await processStoredAsset({ storage, scanner: scanner() }, { key, fileType: 'pdf' });
    expect(processed).toEqual({
      contentMismatch: false,
      scanStatus: 'THREATS_FOUND',
      scanned: false,
      scanDetail: EICAR_SIGNATURE_NAME,
      thumbnailKey: null,
    });
    expect(await storage.head(key)).toBeNull();
  });

  it('removes a file the scanner could not finish, and never calls it clean', async () => {
    const key = 'campaign-assets/c1/teaser.mp4';
    await storage.put(key, Buffer.from('not really a video'), 'video/mp4');
    const unreachable = createClamdScanner({ host: '127.0.0.1', port: await freePort(), timeoutMs: 2_000 });
    const processed = await processStoredAsset({ storage, scanner: unreachable }, { key, fileType: 'video' });
    expect(processed).toMatchObject({ scanStatus: 'FAILED', scanned: false, thumbnailKey: null });
    expect(await storage.head(key)).toBeNull();
  });

  it('removes a clean file whose content is not its kind: a PNG named .pdf', async () => {
    const key = 'campaign-assets/c1/named.pdf';
    await storage.put(key, await photo(), 'application/pdf');
    const processed = await processStoredAsset({ storage, scanner: scanner() }, { key, fileType: 'pdf' });
    expect(processed).toMatchObject({ contentMismatch: true, scanned: true, thumbnailKey: null });
    expect(await storage.head(key)).toBeNull();
  });

  it('keeps a file when no scanner is configured, marked NOT_SCANNED and never SUCCESS', async () => {
    const key = 'campaign-assets/c1/logo.png';
    await storage.put(key, await photo(), 'image/png');
    const processed = await processStoredAsset(
      { storage, scanner: createNoScanner() },
      { key, fileType: 'image' },
    );
    expect(processed).toMatchObject({
      scanStatus: 'NOT_SCANNED',
      scanned: false,
      thumbnailKey: thumbnailKeyOf(key),
    });
    expect(processed.scanDetail).toMatch(/not scanned/i);
  });
});
