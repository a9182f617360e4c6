import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { TINY_PNG } from '../../test/factories';
import { contentIsOfType, contentMatches } from './asset-content';

const PDF = Buffer.from(
  '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"></svg>',
);
const EICAR = Buffer.from('X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*');

describe('a campaign file’s content against its declared kind', () => {
  it('accepts a PNG as an image, a PDF as a PDF, an SVG document as an SVG and a GIF as a GIF', async () => {
    const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expect(await contentMatches(TINY_PNG, 'image')).toBe(true);
    expect(await contentMatches(PDF, 'pdf')).toBe(true);
    expect(await contentMatches(SVG, 'svg')).toBe(true);
    expect(await contentMatches(gif, 'gif')).toBe(true);
  });

  it('refuses a PNG named .pdf, a PDF named .png, text as an image and a PNG as an SVG', async () => {
    expect(await contentMatches(TINY_PNG, 'pdf')).toBe(false);
    expect(await contentMatches(PDF, 'image')).toBe(false);
    expect(await contentMatches(EICAR, 'image')).toBe(false);
    expect(await contentMatches(TINY_PNG, 'svg')).toBe(false);
  });

  it('refuses HTML or script passed off as an SVG', async () => {
    expect(await contentMatches(Buffer.from('<html><script>alert(1)</script></html>'), 'svg')).toBe(false);
    expect(await contentMatches(Buffer.from('alert(1) // <svg>'), 'svg')).toBe(false);
  });
});

describe('a file’s content against the media type it was uploaded as', () => {
  const JPEG = () =>
    sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();

  it('accepts a PNG as image/png, a JPEG as image/jpeg and a PDF as application/pdf, parameters and case aside', async () => {
    expect(await contentIsOfType(TINY_PNG, 'image/png')).toBe(true);
    expect(await contentIsOfType(await JPEG(), 'IMAGE/JPEG; charset=binary')).toBe(true);
    expect(await contentIsOfType(PDF, 'application/pdf')).toBe(true);
  });

  it('refuses an HTML page or text declared image/png, and a photo of another type than declared', async () => {
    const page = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    expect(await contentIsOfType(page, 'image/png')).toBe(false);
    expect(await contentIsOfType(EICAR, 'image/png')).toBe(false);
    expect(await contentIsOfType(await JPEG(), 'image/png')).toBe(false);
    expect(await contentIsOfType(TINY_PNG, 'application/pdf')).toBe(false);
  });
});
