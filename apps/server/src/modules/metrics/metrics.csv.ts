import { CsvError, parse } from 'csv-parse/sync';
import { isUuid, METRICS_IMPORT_MAX_ROWS, METRICS_MESSAGES, postIdentity } from '@platform/shared';

// A staff import of figures (ADR 024): a CSV whose header names each row's entry (entry_id or post_link)
// and its figures (views, and optionally likes, comments, shares and read_at). Reading the file is kept
// apart from finding the entries, so every row's own mistakes are told at once, before any lookup.

export const IMPORT_COLUMNS = [
  'entry_id',
  'post_link',
  'views',
  'likes',
  'comments',
  'shares',
  'read_at',
] as const;
type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** How far ahead of our clock a source's clock may be before its time is called the future. */
export const READ_AT_LEEWAY_MS = 5 * 60 * 1000;

export type CellError = { column: string; message: string };

/** One row as read from the file: what it says, or what is wrong with each of its cells. */
export type ImportLine = {
  /** The line of the file the row ends on: a spreadsheet's row number, the header being row 1. */
  row: number;
  entryId: string | null;
  postLink: string | null;
  /** The post the link names (`postIdentity`), when it names one. */
  postIdentity: string | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  readAt: Date | null;
  errors: CellError[];
};

export type ImportFile =
  { ok: true; lines: ImportLine[]; ignoredColumns: string[] } | { ok: false; message: string };

/** A header as people write it ("Entry ID", "post-link", " Views ") in the form the columns are named. */
const columnName = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

const PLAIN_COUNT = /^\d{1,16}$/;
/** Spreadsheets write large counts with thousands separators when a cell is formatted as a number. */
const GROUPED_COUNT = /^\d{1,3}(?:,\d{3}){1,5}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

function readCount(cell: string): number | 'invalid' {
  const digits = GROUPED_COUNT.test(cell) ? cell.replaceAll(',', '') : cell;
  if (!PLAIN_COUNT.test(digits)) return 'invalid';
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : 'invalid';
}

function readInstant(cell: string, now: Date): Date | string {
  if (!ISO_INSTANT.test(cell)) return METRICS_MESSAGES.readAt;
  const time = Date.parse(cell.replace(' ', 'T'));
  if (Number.isNaN(time)) return METRICS_MESSAGES.readAt;
  if (time > now.getTime() + READ_AT_LEEWAY_MS) return METRICS_MESSAGES.readAtFuture;
  return new Date(time);
}

type CsvRecord = { record: string[]; info: { lines: number } };
type Positions = Map<ImportColumn, number>;

/** The file's records with their line numbers, or why it cannot be read as CSV. */
function parseRecords(text: string): CsvRecord[] | string {
  try {
    return parse(text, {
      bom: true,
      info: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      // Past this a row is not a row of figures: the file is not what it says.
      max_record_size: 16 * 1024,
    }) as unknown as CsvRecord[];
  } catch (error) {
    if (error instanceof CsvError) return `${METRICS_MESSAGES.fileUnreadable}: ${error.message}`;
    throw error;
  }
}

/** Where each known column is, and the columns ignored; or why the header cannot be read. */
function readHeader(header: string[]): { positions: Positions; ignoredColumns: string[] } | string {
  const positions: Positions = new Map();
  const ignoredColumns: string[] = [];
  for (const [position, cell] of header.entries()) {
    const name = columnName(cell);
    if (!(IMPORT_COLUMNS as readonly string[]).includes(name)) {
      if (cell !== '') ignoredColumns.push(cell);
      continue;
    }
    if (positions.has(name as ImportColumn)) return METRICS_MESSAGES.columnTwice(name);
    positions.set(name as ImportColumn, position);
  }
  if (!positions.has('entry_id') && !positions.has('post_link')) return METRICS_MESSAGES.entryColumnMissing;
  if (!positions.has('views')) return METRICS_MESSAGES.viewsColumnMissing;
  return { positions, ignoredColumns };
}

/** One row read on its own, with its cells' errors. */
function readLine(
  { record, info }: CsvRecord,
  positions: Positions,
  headerLength: number,
  now: Date,
): ImportLine {
  const errors: CellError[] = [];
  const cell = (column: ImportColumn) => {
    const position = positions.get(column);
    return position === undefined ? '' : (record[position] ?? '');
  };
  const count = (column: 'views' | 'likes' | 'comments' | 'shares') => {
    const text = cell(column);
    if (text === '') {
      if (column === 'views') errors.push({ column, message: METRICS_MESSAGES.viewsRequired });
      return null;
    }
    const value = readCount(text);
    if (value === 'invalid') {
      errors.push({ column, message: METRICS_MESSAGES.count });
      return null;
    }
    return value;
  };

  const entryId = cell('entry_id') || null;
  if (entryId !== null && !isUuid(entryId))
    errors.push({ column: 'entry_id', message: METRICS_MESSAGES.entryUnknown });
  const postLink = cell('post_link') || null;
  const identity = postLink === null ? null : postIdentity(postLink);
  if (postLink !== null && identity === null) {
    errors.push({ column: 'post_link', message: METRICS_MESSAGES.postNotRecognised });
  }
  if (entryId === null && postLink === null) {
    errors.push({
      column: positions.has('entry_id') ? 'entry_id' : 'post_link',
      message: METRICS_MESSAGES.entryMissing,
    });
  }
  const views = count('views');
  const likes = count('likes');
  const comments = count('comments');
  const shares = count('shares');
  let readAt: Date | null = null;
  const readAtText = cell('read_at');
  if (readAtText !== '') {
    const read = readInstant(readAtText, now);
    if (typeof read === 'string') errors.push({ column: 'read_at', message: read });
    else readAt = read;
  }
  if (record.length > headerLength) {
    errors.push({ column: 'row', message: METRICS_MESSAGES.tooManyCells });
  }
  return {
    row: info.lines,
    entryId: entryId !== null && isUuid(entryId) ? entryId.toLowerCase() : entryId,
    postLink,
    postIdentity: identity,
    views,
    likes,
    comments,
    shares,
    readAt,
    errors,
  };
}

/**
 * Reads an import file: a header, then a row per reading. A file that cannot be read as CSV, or whose
 * header cannot say which entry or how many views, is refused whole; otherwise each row is read on its
 * own and carries its cells' errors, so one preview tells every mistake.
 */
export function readImportFile(text: string, now: Date): ImportFile {
  const records = parseRecords(text);
  if (typeof records === 'string') return { ok: false, message: records };
  const [header, ...rows] = records;
  if (!header) return { ok: false, message: METRICS_MESSAGES.fileEmpty };
  if (rows.length > METRICS_IMPORT_MAX_ROWS) return { ok: false, message: METRICS_MESSAGES.tooManyRows };
  const columns = readHeader(header.record);
  if (typeof columns === 'string') return { ok: false, message: columns };
  const lines = rows.map((row) => readLine(row, columns.positions, header.record.length, now));
  return { ok: true, lines, ignoredColumns: columns.ignoredColumns };
}
