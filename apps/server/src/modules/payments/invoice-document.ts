import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import {
  formatMoney,
  invoiceAmounts,
  normalizeVatNumber,
  taxRatePercent,
  type InvoiceAmounts,
  type InvoiceTaxTreatment,
  type TaxRegistrationType,
} from '@platform/shared';

/** `SB-2026-000123`: the issuer's series, the year of issue, and the place in that year's gapless sequence. */
export interface InvoiceNumber {
  readonly prefix: string;
  readonly year: number;
  readonly sequence: number;
}

export interface InvoiceParty {
  readonly name: string;
  /** As printed, one line each, country last. */
  readonly addressLines: readonly string[];
  /** Only when the party is registered: the VAT number, or the ABN. */
  readonly taxNumber?: { readonly type: TaxRegistrationType; readonly number: string };
}

export interface InvoiceLine {
  readonly description: string;
  readonly netMinor: number;
}

/**
 * The tax in the currency the tax authority counts in, when the document is in another: HMRC wants the VAT
 * in sterling and the ATO the GST in Australian dollars, at a rate the document names.
 */
export interface TaxInAccountingCurrency {
  readonly currency: 'GBP' | 'AUD';
  readonly taxMinor: number;
  /** Units of the accounting currency to one unit of the document's currency, as written ('0.7865'). */
  readonly exchangeRate: string;
  readonly rateSource: string;
}

interface InvoiceDocumentBase {
  readonly number: InvoiceNumber;
  /** Calendar dates, YYYY-MM-DD. */
  readonly issueDate: string;
  /** The date of the supply, which the UK calls the tax point. */
  readonly supplyDate: string;
  /** The platform's operator, the customer, who issues the document on the creator's behalf. */
  readonly issuer: InvoiceParty;
  /** The creator, who made the supply. */
  readonly supplier: InvoiceParty;
  readonly campaignName: string;
  readonly lines: readonly InvoiceLine[];
  /** ISO 4217; amounts are its minor units. */
  readonly currency: string;
  readonly amounts: Readonly<InvoiceAmounts>;
  readonly treatment: Readonly<InvoiceTaxTreatment>;
  readonly taxInAccountingCurrency?: TaxInAccountingCurrency;
}

/**
 * Everything an issued document says, as it was at issue. Nothing here is looked up when it is rendered, so
 * the same document gives the same PDF years later, whatever has become of the creator's profile since.
 */
export type InvoiceDocument =
  | (InvoiceDocumentBase & { readonly kind: 'INVOICE' })
  | (InvoiceDocumentBase & {
      readonly kind: 'CREDIT_NOTE';
      /** The invoice this corrects; an issued invoice is never changed. */
      readonly corrects: { readonly number: InvoiceNumber; readonly issueDate: string };
      readonly reason: string;
    });

export class InvoiceDocumentError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The invoice document is not consistent: ${problems.join('; ')}`);
    this.name = 'InvoiceDocumentError';
  }
}

const INVOICE_PREFIX = /^[A-Z]{1,8}$/;

export function formatInvoiceNumber({ prefix, year, sequence }: InvoiceNumber): string {
  return `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
}

function numberProblems(label: string, { prefix, year, sequence }: InvoiceNumber): string[] {
  const problems: string[] = [];
  if (!INVOICE_PREFIX.test(prefix)) problems.push(`${label} prefix must be 1 to 8 capital letters`);
  if (!Number.isInteger(year) || year < 2000 || year > 9999) problems.push(`${label} year must be a year`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) problems.push(`${label} sequence must count from 1`);
  return problems;
}

/** Bounds that keep a document readable; a payment has a line or two. */
const MAX_LINES = 50;
const MAX_DESCRIPTION_LENGTH = 200;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDate(value: string): boolean {
  if (!CALENDAR_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const ACCOUNTING_CURRENCY = { UK_VAT: 'GBP', AU_GST: 'AUD' } as const;

/** Why a document cannot be issued as it is; empty when it can. */
export function invoiceDocumentProblems(invoice: InvoiceDocument): string[] {
  const problems = numberProblems('the number', invoice.number);
  const { treatment, supplier, issuer, amounts, lines } = invoice;
  for (const [label, date] of [
    ['issue date', invoice.issueDate],
    ['supply date', invoice.supplyDate],
  ] as const) {
    if (!isCalendarDate(date)) problems.push(`the ${label} must be a calendar date (YYYY-MM-DD)`);
  }
  if (isCalendarDate(invoice.issueDate) && Number(invoice.issueDate.slice(0, 4)) !== invoice.number.year) {
    problems.push('the number must be from the year of issue');
  }
  if (invoice.kind === 'CREDIT_NOTE') {
    problems.push(...numberProblems('the corrected invoice', invoice.corrects.number));
    if (!isCalendarDate(invoice.corrects.issueDate)) {
      problems.push('the corrected invoice needs its issue date');
    }
    if (invoice.reason.trim() === '') problems.push('a credit note needs its reason');
  }
  for (const [label, party] of [
    ['issuer', issuer],
    ['supplier', supplier],
  ] as const) {
    if (party.name.trim() === '' || party.addressLines.length === 0) {
      problems.push(`the ${label} needs a name and an address`);
    }
  }
  if (lines.length === 0 || lines.length > MAX_LINES) problems.push(`there must be 1 to ${MAX_LINES} lines`);
  if (lines.some((line) => line.description.length > MAX_DESCRIPTION_LENGTH)) {
    problems.push(`a line's description must be at most ${MAX_DESCRIPTION_LENGTH} characters`);
  }
  const linesNet = lines.reduce((sum, line) => sum + line.netMinor, 0);
  if (linesNet !== amounts.netMinor) problems.push('the lines must add up to the net amount');
  try {
    const expected = invoiceAmounts(amounts.netMinor, treatment);
    if (expected.taxMinor !== amounts.taxMinor || expected.grossMinor !== amounts.grossMinor) {
      problems.push('the tax and gross must follow from the net amount and the treatment');
    }
  } catch {
    problems.push('the net amount must be a whole, non-negative number of minor units');
  }
  if (treatment.kind === 'UK_VAT' && supplier.taxNumber?.type !== 'VAT') {
    problems.push('VAT is charged only with the supplier’s VAT number');
  }
  if (
    treatment.kind === 'AU_GST' &&
    (supplier.taxNumber?.type !== 'ABN' || issuer.taxNumber?.type !== 'ABN')
  ) {
    problems.push('a recipient created tax invoice needs the ABNs of both the supplier and the recipient');
  }
  if (treatment.kind !== 'NONE') {
    const accountingCurrency = ACCOUNTING_CURRENCY[treatment.kind];
    const converted = invoice.taxInAccountingCurrency;
    if (invoice.currency !== accountingCurrency && converted?.currency !== accountingCurrency) {
      problems.push(`the tax must also be given in ${accountingCurrency}`);
    }
  }
  return problems;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** A frozen copy of the document, once it is consistent: what is stored and rendered from then on. */
export function snapshotInvoiceDocument(invoice: InvoiceDocument): InvoiceDocument {
  const problems = invoiceDocumentProblems(invoice);
  if (problems.length > 0) throw new InvoiceDocumentError(problems);
  return deepFreeze(structuredClone(invoice));
}

const requireFromHere = createRequire(import.meta.url);
let fontFiles: { regular: Buffer; bold: Buffer } | undefined;

/**
 * DejaVu Sans rather than the PDF's built-in Helvetica, whose encoding stops at Western European letters:
 * a creator's name may be any letters (SPEC §5), and 'Łucja Dąbrowska' must print as written.
 */
function invoiceFonts() {
  fontFiles ??= {
    regular: readFileSync(requireFromHere.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(requireFromHere.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fontFiles;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-03-05' -> '05 Mar, 2026', the date part of the product's long format (SPEC §9). */
function formatCalendarDate(value: string): string {
  const [year, month, day] = value.split('-');
  return `${day} ${MONTHS[Number(month) - 1]}, ${year}`;
}

/** ABNs are written 51 824 753 556, as the ABR shows them; VAT numbers with HMRC's GB prefix. */
function formatTaxNumber({ type, number }: NonNullable<InvoiceParty['taxNumber']>): string {
  if (type === 'ABN') {
    const digits = number.replace(/\s+/g, '');
    return `ABN ${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;
  }
  const vatNumber = normalizeVatNumber(number);
  return `VAT number ${/^\d/.test(vatNumber) ? `GB${vatNumber}` : vatNumber}`;
}

function documentTitle(invoice: InvoiceDocument): string {
  const credit = invoice.kind === 'CREDIT_NOTE';
  switch (invoice.treatment.kind) {
    case 'AU_GST':
      return credit ? 'Recipient Created Adjustment Note' : 'Recipient Created Tax Invoice';
    case 'UK_VAT':
      return credit ? 'Self-billed VAT credit note' : 'Self-billed VAT invoice';
    default:
      return credit ? 'Self-billed credit note' : 'Self-billed invoice';
  }
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * What a document the customer writes must say: for a self-billed VAT invoice, HMRC's own words (Notice
 * 700/62); for an RCTI, what the ATO asks of one; otherwise why no tax is charged.
 */
function statements(invoice: InvoiceDocument): string[] {
  const { issuer, supplier, treatment } = invoice;
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const credit = invoice.kind === 'CREDIT_NOTE';
  if (treatment.kind === 'AU_GST') {
    return [
      `This ${credit ? 'recipient created adjustment note' : 'recipient created tax invoice'} is issued by the ` +
        `recipient, ${issuer.name}, for a supply made to it by ${supplier.name}, under a written agreement ` +
        'between them.',
      'The recipient issues the tax invoices and adjustment notes for these supplies; the supplier will not ' +
        'issue a tax invoice for this supply.',
      ...(credit
        ? [`The GST on the supply is reduced by ${money(invoice.amounts.taxMinor)}.`]
        : [`Total price includes GST of ${money(invoice.amounts.taxMinor)}.`]),
    ];
  }
  const selfBilled =
    `This is a self-billed ${credit ? 'credit note' : 'invoice'}: ${issuer.name} issues it on behalf of ` +
    `${supplier.name} under a self-billing agreement.`;
  if (treatment.kind === 'UK_VAT') {
    return [
      selfBilled,
      credit
        ? 'The VAT shown reduces the output tax due to HMRC on the invoice it corrects.'
        : 'The VAT shown is your output tax due to HMRC.',
    ];
  }
  return [selfBilled, sentence(treatment.reason)];
}

const TAX_NAME = { UK_VAT: 'VAT', AU_GST: 'GST' } as const;
const ACCOUNTING_CURRENCY_NAME = { GBP: 'in sterling', AUD: 'in Australian dollars' } as const;

const PAGE_MARGIN = 50;
const INK = '#1f2328';
const MUTED = '#59636e';
const RULE = '#d0d7de';
const FONT = { regular: 'InvoiceRegular', bold: 'InvoiceBold' } as const;

type Pdf = PDFKit.PDFDocument;

function drawRule(doc: Pdf, y: number) {
  doc
    .moveTo(PAGE_MARGIN, y)
    .lineTo(doc.page.width - PAGE_MARGIN, y)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
}

function drawHeader(doc: Pdf, invoice: InvoiceDocument, contentWidth: number) {
  doc.font(FONT.bold).fontSize(20).fillColor(INK).text(documentTitle(invoice), PAGE_MARGIN, doc.y, {
    width: contentWidth,
  });
  const top = doc.y + 6;
  const detailsWidth = 210;
  const issuedBy =
    invoice.treatment.kind === 'AU_GST'
      ? `Issued by the recipient, ${invoice.issuer.name}`
      : `Issued by ${invoice.issuer.name} on behalf of ${invoice.supplier.name}`;
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(MUTED)
    .text(issuedBy, PAGE_MARGIN, top, { width: contentWidth - detailsWidth - 30 });
  const issuedByBottom = doc.y;

  const details: [string, string][] = [
    [
      invoice.kind === 'CREDIT_NOTE' ? 'Credit note number' : 'Invoice number',
      formatInvoiceNumber(invoice.number),
    ],
    ['Date of issue', formatCalendarDate(invoice.issueDate)],
    [
      invoice.treatment.kind === 'UK_VAT' ? 'Tax point' : 'Date of supply',
      formatCalendarDate(invoice.supplyDate),
    ],
  ];
  if (invoice.kind === 'CREDIT_NOTE') {
    details.push(['Corrects invoice', formatInvoiceNumber(invoice.corrects.number)]);
    details.push(['Invoice dated', formatCalendarDate(invoice.corrects.issueDate)]);
  }
  const detailsX = PAGE_MARGIN + contentWidth - detailsWidth;
  let y = top;
  for (const [label, value] of details) {
    doc.font(FONT.regular).fontSize(9).fillColor(MUTED).text(label, detailsX, y, { width: 95 });
    doc
      .font(FONT.bold)
      .fontSize(9)
      .fillColor(INK)
      .text(value, detailsX + 95, y, { width: detailsWidth - 95, align: 'right' });
    y = doc.y + 3;
  }
  doc.y = Math.max(issuedByBottom, y) + 12;
  drawRule(doc, doc.y);
  doc.y += 14;
}

function drawParty(doc: Pdf, heading: string, party: InvoiceParty, x: number, y: number, width: number) {
  doc
    .font(FONT.bold)
    .fontSize(8)
    .fillColor(MUTED)
    .text(heading.toUpperCase(), x, y, { width, characterSpacing: 0.6 });
  doc.moveDown(0.3);
  doc.font(FONT.bold).fontSize(11).fillColor(INK).text(party.name, x, doc.y, { width });
  doc.font(FONT.regular).fontSize(9.5).fillColor(INK);
  for (const line of party.addressLines) doc.text(line, x, doc.y, { width });
  if (party.taxNumber) {
    doc.moveDown(0.3);
    doc.font(FONT.bold).fontSize(9.5).text(formatTaxNumber(party.taxNumber), x, doc.y, { width });
  }
  return doc.y;
}

function drawParties(doc: Pdf, invoice: InvoiceDocument, contentWidth: number) {
  const columnWidth = (contentWidth - 30) / 2;
  const top = doc.y;
  const rct = invoice.treatment.kind === 'AU_GST';
  const supplierBottom = drawParty(
    doc,
    rct ? 'Supplier' : 'Supplier (the creator)',
    invoice.supplier,
    PAGE_MARGIN,
    top,
    columnWidth,
  );
  const issuerBottom = drawParty(
    doc,
    rct ? 'Recipient (issues this document)' : 'Customer (issues this document)',
    invoice.issuer,
    PAGE_MARGIN + columnWidth + 30,
    top,
    columnWidth,
  );
  doc.y = Math.max(supplierBottom, issuerBottom) + 18;
  doc
    .font(FONT.regular)
    .fontSize(9.5)
    .fillColor(MUTED)
    .text('Campaign', PAGE_MARGIN, doc.y, { continued: true })
    .fillColor(INK)
    .font(FONT.bold)
    .text(`   ${invoice.campaignName}`);
  if (invoice.kind === 'CREDIT_NOTE') {
    doc
      .font(FONT.regular)
      .fillColor(MUTED)
      .text('Reason for credit', PAGE_MARGIN, doc.y + 2, { continued: true })
      .fillColor(INK)
      .text(`   ${sentence(invoice.reason)}`);
  }
  doc.y += 14;
}

/** Moves to a new page when what comes next would not fit above the bottom margin. */
function keepTogether(doc: Pdf, height: number): boolean {
  if (doc.y + height <= doc.page.height - PAGE_MARGIN) return false;
  doc.addPage();
  return true;
}

function drawLines(doc: Pdf, invoice: InvoiceDocument, contentWidth: number) {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const { treatment } = invoice;
  const taxed = treatment.kind !== 'NONE';
  const amountWidth = 110;
  const rateWidth = taxed ? 60 : 0;
  const descriptionWidth = contentWidth - amountWidth - rateWidth - 12;
  const amountX = PAGE_MARGIN + contentWidth - amountWidth;
  const rateX = amountX - rateWidth;

  const drawTableHeader = () => {
    const headerY = doc.y;
    doc.rect(PAGE_MARGIN, headerY - 5, contentWidth, 20).fill('#f3f5f7');
    doc.font(FONT.bold).fontSize(8.5).fillColor(MUTED);
    doc.text('Description', PAGE_MARGIN + 6, headerY, { width: descriptionWidth });
    if (taxed) {
      doc.text(`${TAX_NAME[treatment.kind]} rate`, rateX, headerY, { width: rateWidth, align: 'right' });
    }
    const amountHeading = invoice.kind === 'CREDIT_NOTE' ? 'Credited' : 'Amount';
    const heading = taxed ? `${amountHeading} excl. ${TAX_NAME[treatment.kind]}` : amountHeading;
    doc.text(heading, amountX, headerY, { width: amountWidth - 6, align: 'right' });
    doc.y = headerY + 22;
  };

  keepTogether(doc, 60);
  drawTableHeader();
  for (const line of invoice.lines) {
    doc.font(FONT.regular).fontSize(9.5).fillColor(INK);
    if (keepTogether(doc, doc.heightOfString(line.description, { width: descriptionWidth }) + 6)) {
      drawTableHeader();
      doc.font(FONT.regular).fontSize(9.5).fillColor(INK);
    }
    const rowY = doc.y;
    doc.text(line.description, PAGE_MARGIN + 6, rowY, { width: descriptionWidth });
    const rowBottom = doc.y;
    if (taxed) doc.text(`${taxRatePercent(treatment)}%`, rateX, rowY, { width: rateWidth, align: 'right' });
    doc.text(money(line.netMinor), amountX, rowY, { width: amountWidth - 6, align: 'right' });
    doc.y = Math.max(rowBottom, doc.y) + 6;
    drawRule(doc, doc.y - 3);
  }
  doc.y += 8;
}

interface TotalRow {
  label: string;
  value: string;
  strong?: boolean;
}

function totalRows(invoice: InvoiceDocument): TotalRow[] {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const { treatment, amounts } = invoice;
  const credited = invoice.kind === 'CREDIT_NOTE' ? ' credited' : '';
  if (treatment.kind === 'NONE')
    return [{ label: `Total${credited}`, value: money(amounts.grossMinor), strong: true }];
  const tax = TAX_NAME[treatment.kind];
  const rows: TotalRow[] = [
    { label: `Total${credited} excluding ${tax}`, value: money(amounts.netMinor) },
    { label: `${tax}${credited} at ${treatment.ratePercent}%`, value: money(amounts.taxMinor) },
    { label: `Total${credited} including ${tax}`, value: money(amounts.grossMinor), strong: true },
  ];
  const converted = invoice.taxInAccountingCurrency;
  if (converted && converted.currency !== invoice.currency) {
    rows.push({
      label:
        `${tax} ${ACCOUNTING_CURRENCY_NAME[converted.currency]} (1 ${invoice.currency} = ` +
        `${converted.exchangeRate} ${converted.currency}, ${converted.rateSource})`,
      value: formatMoney(converted.taxMinor, converted.currency),
    });
  }
  return rows;
}

function drawTotals(doc: Pdf, invoice: InvoiceDocument, contentWidth: number) {
  const rows = totalRows(invoice);
  const width = 300;
  const valueWidth = 110;
  const x = PAGE_MARGIN + contentWidth - width;
  const rowHeight = (row: TotalRow) =>
    doc
      .font(row.strong ? FONT.bold : FONT.regular)
      .fontSize(row.strong ? 11 : 9.5)
      .heightOfString(row.label, { width: width - valueWidth });
  keepTogether(
    doc,
    rows.reduce((sum, row) => sum + rowHeight(row) + 13, 0),
  );
  for (const [index, row] of rows.entries()) {
    if (row.strong && index > 0) {
      drawRuleAt(doc, x, doc.y - 4, width);
      doc.y += 4;
    }
    const rowY = doc.y;
    doc
      .font(row.strong ? FONT.bold : FONT.regular)
      .fontSize(row.strong ? 11 : 9.5)
      .fillColor(INK)
      .text(row.label, x, rowY, { width: width - valueWidth });
    const labelBottom = doc.y;
    doc.text(row.value, x + width - valueWidth, rowY, { width: valueWidth - 6, align: 'right' });
    doc.y = Math.max(labelBottom, doc.y) + 5;
  }
  doc.y += 16;
}

function drawRuleAt(doc: Pdf, x: number, y: number, width: number) {
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
}

function drawStatements(doc: Pdf, invoice: InvoiceDocument, contentWidth: number) {
  const padding = 12;
  const innerWidth = contentWidth - 2 * padding;
  const texts = statements(invoice).map((text, index) => ({
    text,
    font: index === 0 ? FONT.regular : FONT.bold,
  }));
  const gap = 4;
  const height =
    texts.reduce(
      (sum, { text, font }) =>
        sum + doc.font(font).fontSize(9.5).heightOfString(text, { width: innerWidth }) + gap,
      0,
    ) +
    2 * padding -
    gap;
  keepTogether(doc, height);
  const top = doc.y;
  doc.rect(PAGE_MARGIN, top, contentWidth, height).lineWidth(0.75).strokeColor(RULE).stroke();
  doc.y = top + padding;
  for (const { text, font } of texts) {
    doc
      .font(font)
      .fontSize(9.5)
      .fillColor(INK)
      .text(text, PAGE_MARGIN + padding, doc.y, { width: innerWidth });
    doc.y += gap;
  }
  doc.y = top + height + 12;
}

/** Every page names the document, so a page that comes loose still says what it belongs to. */
function drawPageFooters(doc: Pdf, invoice: InvoiceDocument, contentWidth: number) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // Text inside the bottom margin would otherwise make pdfkit start a new page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(FONT.regular)
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        `${documentTitle(invoice)} ${formatInvoiceNumber(invoice.number)} · Page ${index - start + 1} of ${count}`,
        PAGE_MARGIN,
        doc.page.height - PAGE_MARGIN + 16,
        { width: contentWidth, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = bottomMargin;
  }
}

/**
 * The document as a PDF on A4. The creation date is the day of issue, so the same document always gives
 * the same bytes.
 */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const problems = invoiceDocumentProblems(invoice);
  if (problems.length > 0) throw new InvoiceDocumentError(problems);
  const fonts = invoiceFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    bufferPages: true,
    lang: 'en-GB',
    info: {
      Title: `${documentTitle(invoice)} ${formatInvoiceNumber(invoice.number)}`,
      Author: invoice.issuer.name,
      Subject: invoice.campaignName,
      CreationDate: new Date(`${invoice.issueDate}T00:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont(FONT.regular, fonts.regular);
  doc.registerFont(FONT.bold, fonts.bold);
  const contentWidth = doc.page.width - 2 * PAGE_MARGIN;
  drawHeader(doc, invoice, contentWidth);
  drawParties(doc, invoice, contentWidth);
  drawLines(doc, invoice, contentWidth);
  drawTotals(doc, invoice, contentWidth);
  drawStatements(doc, invoice, contentWidth);
  drawPageFooters(doc, invoice, contentWidth);
  doc.end();
  return finished;
}
