import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  METRICS_MESSAGES,
  type MetricsImportReport,
  type MetricsImportRow,
} from '@platform/shared';
import { AppError, errors } from '../../../errors';
import type { StaffCaller } from '../../../principal';
import type { MeasuredEntry } from '../../entries/entries.service';
import { readImportFile, type CellError, type ImportLine } from '../metrics.csv';
import type { MetricsContext } from '../metrics.context';
import type { ReadingRow } from '../metrics.repository';

/** The most row errors a refused import lists; the preview shows every one. */
const IMPORT_ERRORS_LISTED = 100;

type MatchedLine = { line: ImportLine; entry: MeasuredEntry | undefined; errors: CellError[] };

/** Which entry of the campaign each import line names, and what is wrong with it besides its cells. */
function matchLines(lines: readonly ImportLine[], entries: readonly MeasuredEntry[]): MatchedLine[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const byPost = new Map(
    entries.flatMap((entry) => (entry.postIdentity ? [[entry.postIdentity, entry] as const] : [])),
  );
  const firstRowOf = new Map<string, number>();
  return lines.map((line) => {
    const lineErrors: CellError[] = [...line.errors];
    const named = line.entryId && !line.errors.some((error) => error.column === 'entry_id');
    const ofId = named && line.entryId ? byId.get(line.entryId) : undefined;
    if (named && !ofId) lineErrors.push({ column: 'entry_id', message: METRICS_MESSAGES.entryUnknown });
    const ofPost = line.postIdentity ? byPost.get(line.postIdentity) : undefined;
    if (line.postIdentity && !ofPost) {
      lineErrors.push({ column: 'post_link', message: METRICS_MESSAGES.postUnknown });
    }
    if (ofId && ofPost && ofId.id !== ofPost.id) {
      lineErrors.push({ column: 'post_link', message: METRICS_MESSAGES.entryMismatch });
    }
    const entry = ofId ?? ofPost;
    if (entry && !line.errors.some((error) => error.column === 'read_at')) {
      // Two rows of one entry read at the same time (or both at the import's time) would be one reading.
      const key = `${entry.id} ${line.readAt?.toISOString() ?? 'now'}`;
      const first = firstRowOf.get(key);
      if (first === undefined) firstRowOf.set(key, line.row);
      else {
        lineErrors.push({
          column: ofId ? 'entry_id' : 'post_link',
          message: METRICS_MESSAGES.entryTwice(first),
        });
      }
    }
    return { line, entry, errors: lineErrors };
  });
}

/** An import with wrong rows writes nothing: a 400 listing the first of them. */
function refusal(failed: readonly MetricsImportRow[]): AppError {
  const details = failed
    .flatMap((row) =>
      row.errors.map((error) => ({
        field: `${error.column} (row ${row.row})`,
        message: `Row ${row.row}, ${error.column}: ${error.message}`,
      })),
    )
    .slice(0, IMPORT_ERRORS_LISTED);
  return new AppError(
    400,
    ERROR_CODES.validationFailed,
    METRICS_MESSAGES.importFailed(failed.length),
    details,
  );
}

const readingsOf = (matched: readonly MatchedLine[], caller: StaffCaller, now: Date): ReadingRow[] =>
  matched.flatMap(({ line, entry }) =>
    entry
      ? [
          {
            id: randomUUID(),
            entryId: entry.id,
            views: line.views,
            likes: line.likes,
            comments: line.comments,
            shares: line.shares,
            source: 'csv-import' as const,
            readAt: line.readAt ?? now,
            recordedAt: now,
            recordedBy: caller.accountId,
            corrects: null,
            note: null,
          },
        ]
      : [],
  );

/**
 * POST …/campaigns/{id}/metrics/import: a CSV of figures for the campaign's entries. A preview says what
 * each row holds or what is wrong with it and writes nothing; an import writes every row in one
 * transaction, or, when any row is wrong, nothing at all.
 */
export async function importCsv(
  context: MetricsContext,
  caller: StaffCaller,
  campaignId: string,
  text: string | null | undefined,
  options: { preview: boolean },
): Promise<MetricsImportReport> {
  const campaign = await context.campaignsService.staffCampaignFacts(caller, campaignId);
  if (!text?.trim()) throw errors.validation([{ field: 'body', message: METRICS_MESSAGES.fileEmpty }]);
  const now = context.clock.now();
  const file = readImportFile(text, now);
  if (!file.ok) throw errors.validation([{ field: 'body', message: file.message }]);
  const matched = matchLines(file.lines, await context.entriesService.measuredOfCampaign(campaign.id));
  const rows: MetricsImportRow[] = matched.map(({ line, entry, errors: lineErrors }) => ({
    row: line.row,
    entryId: entry?.id ?? line.entryId,
    postLink: entry?.postLink ?? line.postLink,
    views: line.views,
    likes: line.likes,
    comments: line.comments,
    shares: line.shares,
    readAt: line.readAt?.toISOString() ?? null,
    errors: lineErrors,
  }));
  const failed = rows.filter((row) => row.errors.length > 0);
  const report = {
    preview: options.preview,
    imported: false,
    rowCount: rows.length,
    errorCount: failed.length,
    recorded: 0,
    alreadyRecorded: 0,
    ignoredColumns: file.ignoredColumns,
    rows,
  };
  if (options.preview) return report;
  if (failed.length > 0) throw refusal(failed);
  const readings = readingsOf(matched, caller, now);
  const recorded = await context.db.transaction(async (tx) => {
    const written = await context.repository.insertReadings(tx, readings);
    await context.audit.record(tx, {
      actor: caller,
      action: 'metrics.import',
      target: { type: 'campaign', id: campaign.id, label: campaign.name },
      after: { rows: rows.length, recorded: written, alreadyRecorded: readings.length - written },
    });
    return written;
  });
  context.boards.figuresChanged(recorded);
  return { ...report, imported: true, recorded, alreadyRecorded: readings.length - recorded };
}
