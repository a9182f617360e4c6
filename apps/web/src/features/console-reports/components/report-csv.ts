import type { CampaignReport } from '@platform/shared';
import { toCsv } from '../../../lib/csv';
import { creatorLabel, platformLabel } from './report-words';

type Report = Pick<CampaignReport, 'platforms' | 'countries' | 'topCreators' | 'topEntries' | 'daily'>;
type CountryName = (code: string) => string;

const FIGURES = ['Views', 'Likes', 'Comments', 'Shares'] as const;
const figures = (row: { views: number; likes: number; comments: number; shares: number }) => [
  row.views,
  row.likes,
  row.comments,
  row.shares,
];

export const dailyCsv = (report: Report) =>
  toCsv([['Day', ...FIGURES], ...report.daily.map((day) => [day.date, ...figures(day)])]);

export const platformsCsv = (report: Report) =>
  toCsv([
    ['Platform', 'Entries', ...FIGURES],
    ...report.platforms.map((row) => [platformLabel(row.platform), row.entries, ...figures(row)]),
  ]);

/** The country's name beside its code, so that a spreadsheet can sort either. */
export const countriesCsv = (report: Report, countryName: CountryName) =>
  toCsv([
    ['Country', 'Country code', 'Creators', 'Entries', ...FIGURES],
    ...report.countries.map((row) => [
      row.country ? countryName(row.country) : 'Unknown',
      row.country,
      row.creators,
      row.entries,
      ...figures(row),
    ]),
  ]);

export const topCreatorsCsv = (report: Report, countryName: CountryName) =>
  toCsv([
    ['Rank', 'Creator', 'Handle', 'Country', 'Entries', ...FIGURES],
    ...report.topCreators.map((row, index) => [
      index + 1,
      creatorLabel(row.creator),
      row.creator.handle,
      row.country ? countryName(row.country) : '',
      row.entries,
      ...figures(row),
    ]),
  ]);

export const topEntriesCsv = (report: Report) =>
  toCsv([
    ['Rank', 'Creator', 'Handle', 'Platform', 'Post link', 'Submitted', ...FIGURES, 'Figures read'],
    ...report.topEntries.map((row, index) => [
      index + 1,
      creatorLabel(row.creator),
      row.creator.handle,
      platformLabel(row.platform),
      row.postLink,
      row.submittedAt,
      ...figures(row),
      row.readAt,
    ]),
  ]);
