import { describe, expect, it } from 'vitest';
import { safeFileName } from './file-names';

describe('a file name safe in a Content-Disposition header', () => {
  it.each([
    ['brief.pdf', 'brief.pdf'],
    ['Spring launch - v2_final.mp4', 'Spring launch - v2_final.mp4'],
    ['terms "v1".html', 'terms _v1_.html'],
    ['a\\b.txt', 'a_b.txt'],
    ['cover.png"\r\nSet-Cookie: x=1', 'cover.png_Set-Cookie_ x_1'],
    ['Café déjà vu.png', 'Caf_ d_j_ vu.png'],
    ['../../etc/passwd', '.._.._etc_passwd'],
  ])('names %j as %j', (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });

  it('keeps at most 120 characters', () => {
    expect(safeFileName(`${'a'.repeat(200)}.png`)).toBe('a'.repeat(120));
  });

  it('names a file with no name at all "file"', () => {
    expect(safeFileName('')).toBe('file');
  });

  it('never leaves a character that could end the quoted name or the header', () => {
    for (let code = 0; code < 0x3000; code += 1) {
      expect(safeFileName(`x${String.fromCharCode(code)}y`)).toMatch(/^[\w.\- ]+$/);
    }
  });
});
