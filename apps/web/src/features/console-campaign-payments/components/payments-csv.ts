import { currencyDecimals, type Payment } from '@platform/shared';

// CSV as RFC 4180 writes it (CRLF between records; a field holding a comma, a quote, CR or LF is quoted,
// its quotes doubled), with the server's audit export's guard for spreadsheets: a cell a spreadsheet would
// read as a formula (starting with = + - @, a tab or CR) gets a leading single quote, so that opening the
// file never runs what someone typed into a rejection reason (OWASP "CSV injection").

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const LINE_END = '\r\n';

export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const HEADINGS = [
  'Payment ID',
  'Entry ID',
  'Status',
  'Reward',
  'Rank',
  'Period',
  'Amount',
  'Currency',
  'Created (UTC)',
  'Decided (UTC)',
  'Invoice number',
  'Rejection reason',
];

/** An amount in major units with the currency's own decimals, as a spreadsheet sums it: '1234.50'. */
const majorUnits = (minor: number, currency: string) => {
  const decimals = currencyDecimals(currency);
  return (minor / 10 ** decimals).toFixed(decimals);
};

/** The payments as a CSV file's text: a heading row, then one row each, every row ending in CRLF. */
export function paymentsCsv(payments: readonly Payment[]): string {
  const rows = payments.map((payment) => [
    payment.id,
    payment.entryId,
    payment.status,
    payment.reward.rule,
    payment.reward.rank,
    payment.reward.period,
    majorUnits(payment.amountMinor, payment.currency),
    payment.currency,
    payment.createdAt,
    payment.decidedAt,
    payment.invoiceNumber,
    payment.rejectionReason,
  ]);
  return [HEADINGS, ...rows].map((row) => `${row.map(csvCell).join(',')}${LINE_END}`).join('');
}

/** 'Summer Sound!' -> 'summer-sound-payments.csv': a file name any system takes. */
export function paymentsCsvFileName(campaignName: string): string {
  const slug = campaignName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug ? `${slug}-` : ''}payments.csv`;
}
