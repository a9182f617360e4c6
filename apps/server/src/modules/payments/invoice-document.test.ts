import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfText } from '../../test/pdf-text';
import { describe, expect, it } from 'vitest';
import { invoiceAmounts, invoiceTaxTreatment, type InvoiceTaxTreatment } from '@platform/shared';
import {
  formatInvoiceNumber,
  InvoiceDocumentError,
  renderInvoicePdf,
  snapshotInvoiceDocument,
  type InvoiceDocument,
  type InvoiceLine,
  type InvoiceParty,
} from './invoice-document';

const ARTIFACTS_DIR = fileURLToPath(new URL('../../../test-artifacts/invoices/', import.meta.url));

const ukOperator: InvoiceParty = {
  name: 'Northwind Campaigns Ltd',
  addressLines: ['20 Farringdon Road', 'London', 'EC1M 3HE', 'United Kingdom'],
  taxNumber: { type: 'VAT', number: 'GB 980 7806 84' },
};
const auOperator: InvoiceParty = {
  name: 'Northwind Campaigns Pty Ltd',
  addressLines: ['Level 5, 100 George Street', 'Sydney NSW 2000', 'Australia'],
  taxNumber: { type: 'ABN', number: '53004085616' },
};

const ukCreator: InvoiceParty = {
  name: 'Łucja Dąbrowska-Núñez',
  addressLines: ['Flat 2, 14 Ashby Grove', 'Manchester', 'M14 5QT', 'United Kingdom'],
  taxNumber: { type: 'VAT', number: '434031494' },
};
const auCreator: InvoiceParty = {
  name: 'Jack Nguyễn',
  addressLines: ['7 Wattle Street', 'Fitzroy VIC 3065', 'Australia'],
  taxNumber: { type: 'ABN', number: '51824753556' },
};
const usCreator: InvoiceParty = {
  name: 'Zoë Carter',
  addressLines: ['455 Market Street', 'San Francisco, CA 94105', 'United States'],
};

function invoiceFor(
  issuer: InvoiceParty,
  supplier: InvoiceParty,
  treatment: InvoiceTaxTreatment,
  lines: InvoiceLine[],
  currency: string,
  number = { prefix: 'SB', year: 2026, sequence: 123 },
): InvoiceDocument {
  const netMinor = lines.reduce((sum, line) => sum + line.netMinor, 0);
  return {
    kind: 'INVOICE',
    number,
    issueDate: '2026-03-05',
    supplyDate: '2026-03-04',
    issuer,
    supplier,
    campaignName: 'Summer Sounds Challenge',
    lines,
    currency,
    amounts: invoiceAmounts(netMinor, treatment),
    treatment,
  };
}

const ukVatInvoice = invoiceFor(
  ukOperator,
  ukCreator,
  invoiceTaxTreatment({
    country: 'GB',
    taxRegistration: { isRegistered: true, type: 'VAT', number: '434031494', validationStatus: 'valid' },
  }),
  [
    {
      description: 'Reward: 1st prize, TOP_PRIZES leaderboard (entry approved 4 Mar 2026)',
      netMinor: 12_345,
    },
  ],
  'GBP',
);

const auRcti = invoiceFor(
  auOperator,
  auCreator,
  invoiceTaxTreatment({
    country: 'AU',
    taxRegistration: { isRegistered: true, type: 'ABN', number: '51824753556', validationStatus: 'valid' },
  }),
  [
    { description: 'Reward: first-come slot 12 of 40', netMinor: 20_000 },
    { description: 'Reward: bonus for the week’s top video', netMinor: 5_015 },
  ],
  'AUD',
  { prefix: 'RCTI', year: 2026, sequence: 45 },
);

const noTaxInvoice = invoiceFor(
  ukOperator,
  usCreator,
  invoiceTaxTreatment({ country: 'US' }),
  [{ description: 'Reward: first-come slot 3 of 10', netMinor: 50_000 }],
  'USD',
  { prefix: 'SB', year: 2026, sequence: 124 },
);

const creditNote: InvoiceDocument = {
  ...ukVatInvoice,
  kind: 'CREDIT_NOTE',
  number: { prefix: 'SBC', year: 2026, sequence: 4 },
  issueDate: '2026-03-20',
  corrects: { number: ukVatInvoice.number, issueDate: ukVatInvoice.issueDate },
  reason: 'The prize was paid on a leaderboard later corrected for duplicated views',
};

/**
 * The first page as a PNG at 80 dpi, for a person to look at. Poppler's pdftoppm is a test prerequisite
 * (`apt-get install -y poppler-utils`, which `.ci/run` installs): without it the test fails.
 */
function renderFirstPagePng(pdf: Buffer, name: string): Buffer {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const pdfPath = `${ARTIFACTS_DIR}${name}.pdf`;
  writeFileSync(pdfPath, pdf);
  const result = spawnSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdfPath,
    `${ARTIFACTS_DIR}${name}`,
  ]);
  if (result.error) {
    throw new Error(
      `pdftoppm could not run (${result.error.message}); install it with apt-get install -y poppler-utils`,
    );
  }
  expect(result.status, result.stderr.toString()).toBe(0);
  return readFileSync(`${ARTIFACTS_DIR}${name}.png`);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function expectA4Png(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  // A4 is 595.28 x 841.89 points; at 80 dpi pdftoppm rounds 661.4 x 935.4 pixels up.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([662, 936]);
}

describe('renderInvoicePdf', () => {
  it('issues a UK self-billed VAT invoice with HMRC’s statement, both VAT numbers and VAT at 20 % in sterling', async () => {
    const pdf = await renderInvoicePdf(ukVatInvoice);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);

    expect(text).toContain('Self-billed VAT invoice');
    expect(text).toContain('SB-2026-000123');
    expect(text).toContain('05 Mar, 2026');
    expect(text).toContain('Tax point');
    expect(text).toContain('04 Mar, 2026');
    expect(text).toContain('Łucja Dąbrowska-Núñez');
    expect(text).toContain('Flat 2, 14 Ashby Grove');
    expect(text).toContain('VAT number GB434031494');
    expect(text).toContain('Northwind Campaigns Ltd');
    expect(text).toContain('VAT number GB980780684');
    expect(text).toContain('Summer Sounds Challenge');
    expect(text).toContain('20%');
    expect(text).toMatch(/Total excluding VAT\s*£123\.45/);
    expect(text).toMatch(/VAT at 20%\s*£24\.69/);
    expect(text).toMatch(/Total including VAT\s*£148\.14/);
    expect(text).toContain(
      'This is a self-billed invoice: Northwind Campaigns Ltd issues it on behalf of Łucja Dąbrowska-Núñez under a self-billing agreement.',
    );
    expect(text).toContain('The VAT shown is your output tax due to HMRC.');
    expect(text).not.toContain('GST');

    expectA4Png(renderFirstPagePng(pdf, 'uk-vat-invoice'));
  });

  it('issues an Australian Recipient Created Tax Invoice with both ABNs, GST at 10 % and the RCTI statements', async () => {
    const pdf = await renderInvoicePdf(auRcti);
    const text = await pdfText(pdf);

    expect(text).toContain('Recipient Created Tax Invoice');
    expect(text).toContain('RCTI-2026-000045');
    expect(text).toContain('Jack Nguyễn');
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain('Northwind Campaigns Pty Ltd');
    expect(text).toContain('ABN 53 004 085 616');
    expect(text).toContain('Reward: first-come slot 12 of 40');
    expect(text).toContain('A$200.00');
    expect(text).toContain('A$50.15');
    // 10 % of A$250.15 is A$25.015: the half cent rounds up (GST Act 1999 s 9-90).
    expect(text).toMatch(/Total excluding GST\s*A\$250\.15/);
    expect(text).toMatch(/GST at 10%\s*A\$25\.02/);
    expect(text).toMatch(/Total including GST\s*A\$275\.17/);
    expect(text).toContain('Total price includes GST of A$25.02.');
    expect(text).toContain(
      'The recipient issues the tax invoices and adjustment notes for these supplies; the supplier will not issue a tax invoice for this supply.',
    );
    expect(text).not.toContain('VAT');

    expectA4Png(renderFirstPagePng(pdf, 'au-rcti'));
  });

  it('issues a self-billed invoice with no tax line and says why when no tax applies', async () => {
    const pdf = await renderInvoicePdf(noTaxInvoice);
    const text = await pdfText(pdf);

    expect(text).toContain('Self-billed invoice');
    expect(text).toContain('SB-2026-000124');
    expect(text).toContain('Zoë Carter');
    expect(text).toContain(
      'This is a self-billed invoice: Northwind Campaigns Ltd issues it on behalf of Zoë Carter under a self-billing agreement.',
    );
    expect(text).toContain('No VAT or GST: the supplier is outside the United Kingdom and Australia.');
    expect(text).toMatch(/Total\s*US\$500\.00/);
    expect(text).not.toMatch(/VAT at|GST at|including VAT|output tax/);

    expectA4Png(renderFirstPagePng(pdf, 'no-tax-invoice'));
  });

  it('issues a credit note that names the invoice it corrects, the reason and the VAT credited', async () => {
    const pdf = await renderInvoicePdf(creditNote);
    const text = await pdfText(pdf);

    expect(text).toContain('Self-billed VAT credit note');
    expect(text).toContain('SBC-2026-000004');
    expect(text).toMatch(/Corrects invoice\s*SB-2026-000123/);
    expect(text).toMatch(/Invoice dated\s*05 Mar, 2026/);
    expect(text).toContain('The prize was paid on a leaderboard later corrected for duplicated views.');
    expect(text).toMatch(/Total credited excluding VAT\s*£123\.45/);
    expect(text).toMatch(/VAT credited at 20%\s*£24\.69/);
    expect(text).toMatch(/Total credited including VAT\s*£148\.14/);
    expect(text).toContain('The VAT shown reduces the output tax due to HMRC on the invoice it corrects.');

    expectA4Png(renderFirstPagePng(pdf, 'uk-vat-credit-note'));
  });

  it('names an Australian correction a Recipient Created Adjustment Note', async () => {
    const adjustment: InvoiceDocument = {
      ...auRcti,
      kind: 'CREDIT_NOTE',
      number: { prefix: 'RCAN', year: 2026, sequence: 1 },
      corrects: { number: auRcti.number, issueDate: auRcti.issueDate },
      reason: 'The bonus was paid twice',
    };
    const text = await pdfText(await renderInvoicePdf(adjustment));
    expect(text).toContain('Recipient Created Adjustment Note');
    expect(text).toContain('The GST on the supply is reduced by A$25.02.');
  });

  it('shows the VAT in sterling too when a UK creator is paid in another currency', async () => {
    const treatment: InvoiceTaxTreatment = { kind: 'UK_VAT', ratePercent: 20 };
    const inDollars = invoiceFor(
      ukOperator,
      ukCreator,
      treatment,
      [{ description: 'Reward', netMinor: 10_000 }],
      'USD',
    );
    expect(() => snapshotInvoiceDocument(inDollars)).toThrow('the tax must also be given in GBP');

    const text = await pdfText(
      await renderInvoicePdf({
        ...inDollars,
        taxInAccountingCurrency: {
          currency: 'GBP',
          taxMinor: 1_573,
          exchangeRate: '0.7865',
          rateSource: 'HMRC’s rate for March 2026',
        },
      }),
    );
    expect(text).toMatch(/VAT at 20%\s*US\$20\.00/);
    expect(text).toMatch(/VAT in sterling \(1 USD = 0\.7865 GBP, HMRC’s rate for March 2026\)\s*£15\.73/);
  });

  it('carries a long document over pages, the table header and the page count on each', async () => {
    const description =
      `Reward: ${'a long description of the prize and the entry that won it, '.repeat(4)}`.slice(0, 200);
    const lines = Array.from({ length: 30 }, (_, index) => ({
      description: `${index + 1}. ${description}`.slice(0, 200),
      netMinor: 1_000,
    }));
    const pdf = await renderInvoicePdf({
      ...creditNote,
      lines,
      amounts: invoiceAmounts(30_000, creditNote.treatment),
    });
    const document = await getDocument({ data: new Uint8Array(pdf) }).promise;
    try {
      const pages = await Promise.all(
        Array.from({ length: document.numPages }, async (_, index) => {
          const content = await (await document.getPage(index + 1)).getTextContent();
          return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
        }),
      );
      expect(pages.length).toBeGreaterThan(1);
      pages.forEach((page, index) => {
        expect(page).toContain(`SBC-2026-000004 · Page ${index + 1} of ${pages.length}`);
        expect(page).toContain('Credited excl. VAT');
      });
      expect(pages.at(-1)).toContain('Total credited including VAT');
      expect(pages.at(-1)).toContain(
        'The VAT shown reduces the output tax due to HMRC on the invoice it corrects.',
      );
    } finally {
      await document.destroy();
    }
  });

  it('gives the same bytes each time the same document is rendered', async () => {
    const [first, second] = await Promise.all([renderInvoicePdf(auRcti), renderInvoicePdf(auRcti)]);
    expect(first.equals(second)).toBe(true);
  });
});

describe('invoice documents', () => {
  it('formats the number from the issuer’s prefix, the year and the gapless sequence', () => {
    expect(formatInvoiceNumber({ prefix: 'SB', year: 2026, sequence: 123 })).toBe('SB-2026-000123');
    expect(formatInvoiceNumber({ prefix: 'SB', year: 2027, sequence: 1_234_567 })).toBe('SB-2027-1234567');
  });

  it('freezes a snapshot so that an issued document cannot be changed', () => {
    const lines = [...ukVatInvoice.lines];
    const snapshot = snapshotInvoiceDocument({ ...ukVatInvoice, lines });
    lines[0] = { description: 'changed', netMinor: 1 };
    expect(snapshot.lines[0]?.description).toContain('1st prize');
    expect(() => {
      (snapshot.amounts as { taxMinor: number }).taxMinor = 0;
    }).toThrow(TypeError);
    expect(() => {
      (snapshot.supplier.addressLines as string[]).push('elsewhere');
    }).toThrow(TypeError);
  });

  it.each<[string, InvoiceDocument, string]>([
    [
      'VAT without the supplier’s VAT number',
      { ...ukVatInvoice, supplier: usCreator },
      'VAT is charged only with the supplier’s VAT number',
    ],
    [
      'an RCTI without the recipient’s ABN',
      { ...auRcti, issuer: { ...auOperator, taxNumber: undefined } },
      'a recipient created tax invoice needs the ABNs of both the supplier and the recipient',
    ],
    [
      'a tax amount that does not follow from the net',
      { ...ukVatInvoice, amounts: { netMinor: 12_345, taxMinor: 2_468, grossMinor: 14_813 } },
      'the tax and gross must follow from the net amount and the treatment',
    ],
    [
      'lines that do not add up to the net',
      { ...ukVatInvoice, lines: [{ description: 'Reward', netMinor: 100 }] },
      'the lines must add up to the net amount',
    ],
    [
      'a number from another year',
      { ...ukVatInvoice, number: { prefix: 'SB', year: 2025, sequence: 9 } },
      'the number must be from the year of issue',
    ],
    [
      'more than 50 lines',
      {
        ...ukVatInvoice,
        lines: Array.from({ length: 51 }, () => ({ description: 'Reward', netMinor: 1_000 })),
        amounts: invoiceAmounts(51_000, ukVatInvoice.treatment),
      },
      'there must be 1 to 50 lines',
    ],
    [
      'an impossible date',
      { ...ukVatInvoice, supplyDate: '2026-02-30' },
      'the supply date must be a calendar date',
    ],
    ['a credit note without a reason', { ...creditNote, reason: ' ' }, 'a credit note needs its reason'],
  ])('refuses %s', async (_case, invoice, problem) => {
    expect(() => snapshotInvoiceDocument(invoice)).toThrow(InvoiceDocumentError);
    await expect(renderInvoicePdf(invoice)).rejects.toThrow(problem);
  });
});
