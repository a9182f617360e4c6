import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of a PDF's first page as one line: wrapped lines joined, with no space after a hyphen they broke at. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  try {
    const page = await document.getPage(1);
    const content = await page.getTextContent();
    return content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
      .join('')
      .replace(/-\n/g, '-')
      .replace(/\s+/g, ' ');
  } finally {
    await document.destroy();
  }
}
