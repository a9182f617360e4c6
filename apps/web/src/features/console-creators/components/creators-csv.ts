import type { CreatorConsoleItem } from '@platform/shared';
import { toCsv } from '../../../lib/csv';
import { listCreators, type CreatorFilters } from '../api/creators';
import { KYC_LABELS, ONBOARDING_LABELS, TAX_LABELS } from './labels';

/** The server's largest page; the export reads the filtered list a page at a time. */
const EXPORT_PAGE_SIZE = 100;
/** Beyond this many rows the file stops: a list that long wants narrower filters, not a spreadsheet. */
export const EXPORT_MAX_ROWS = 10_000;

export function creatorsCsv(items: readonly CreatorConsoleItem[]): string {
  return toCsv([
    ['First name', 'Last name', 'Email', 'Country', 'Onboarding', 'Handles', 'KYC', 'Tax', 'Joined'],
    ...items.map((item) => [
      item.firstName,
      item.lastName,
      item.email,
      item.country,
      ONBOARDING_LABELS[item.onboardingStatus],
      item.handles.map((handle) => `${handle.platform}: ${handle.handle}`).join('; '),
      KYC_LABELS[item.kycStatus],
      item.taxStatus ? TAX_LABELS[item.taxStatus] : '',
      item.createdAt.slice(0, 10),
    ]),
  ]);
}

/** Every creator the filters find (up to EXPORT_MAX_ROWS), as the list shows them. */
export async function exportCreators(filters: CreatorFilters): Promise<string> {
  const items: CreatorConsoleItem[] = [];
  for (let page = 1; items.length < EXPORT_MAX_ROWS; page += 1) {
    const next = await listCreators(filters, page, EXPORT_PAGE_SIZE);
    items.push(...next.items);
    if (next.items.length < EXPORT_PAGE_SIZE || items.length >= next.total) break;
  }
  return creatorsCsv(items.slice(0, EXPORT_MAX_ROWS));
}
