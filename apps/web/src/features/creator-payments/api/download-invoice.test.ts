import { describe, expect, it } from 'vitest';
import { invoiceFileName, toBase64 } from './download-invoice';

describe('invoiceFileName', () => {
  it('reads the name of the attachment, quoted or not, preferring the UTF-8 form', () => {
    expect(invoiceFileName('attachment; filename="SB-2026-000123.pdf"')).toBe('SB-2026-000123.pdf');
    expect(invoiceFileName('attachment; filename=SB-2026-000124.pdf')).toBe('SB-2026-000124.pdf');
    expect(invoiceFileName(`attachment; filename="x.pdf"; filename*=UTF-8''facture%C3%A9.pdf`)).toBe(
      'factureé.pdf',
    );
  });

  it('falls back to invoice.pdf, and never names a folder', () => {
    expect(invoiceFileName(null)).toBe('invoice.pdf');
    expect(invoiceFileName('attachment')).toBe('invoice.pdf');
    expect(invoiceFileName('attachment; filename=""')).toBe('invoice.pdf');
    expect(invoiceFileName('attachment; filename="../../etc/passwd"')).toBe('passwd');
  });
});

describe('toBase64', () => {
  it('encodes every byte, past the size one call of fromCharCode takes', async () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, index) => (index * 31) % 256);
    const encoded = await toBase64(new Blob([bytes]));
    expect(Uint8Array.from(atob(encoded), (character) => character.charCodeAt(0))).toEqual(bytes);
    expect(await toBase64(new Blob(['%PDF-']))).toBe('JVBERi0=');
  });
});
