import { describe, expect, it } from 'vitest';
import { platformsCsv, topCreatorsCsv, topEntriesCsv } from './report-csv';
import { REPORT } from './report-fixtures';
import { fileSlug, webAddress } from './report-words';

describe('the report’s CSV files', () => {
  it('write the tables’ rows with their headings', () => {
    expect(platformsCsv(REPORT)).toBe(
      'Platform,Entries,Views,Likes,Comments,Shares\r\nTikTok,24,125000,5000,1200,337\r\n',
    );
    expect(topCreatorsCsv(REPORT, (code) => (code === 'GB' ? 'United Kingdom' : code))).toBe(
      'Rank,Creator,Handle,Country,Entries,Views,Likes,Comments,Shares\r\n' +
        '1,Robin Banks,robindances,United Kingdom,3,60000,2400,500,120\r\n',
    );
  });

  it('keep a post link as it was sent, which a spreadsheet never runs', () => {
    const rows = topEntriesCsv({
      ...REPORT,
      topEntries: [{ ...REPORT.topEntries[0]!, postLink: '=HYPERLINK("x")' }],
    }).split('\r\n');
    expect(rows[0]).toBe(
      'Rank,Creator,Handle,Platform,Post link,Submitted,Views,Likes,Comments,Shares,Figures read',
    );
    expect(rows[1]).toBe(
      `1,Robin Banks,robindances,TikTok,"'=HYPERLINK(""x"")",2026-11-02T11:00:00.000Z,40000,1600,300,80,2026-11-20T14:07:00.000Z`,
    );
  });
});

describe('the report’s words', () => {
  it('links only to web addresses', () => {
    expect(webAddress('https://www.tiktok.com/@a/video/1')).toBe('https://www.tiktok.com/@a/video/1');
    expect(webAddress('javascript:alert(1)')).toBeNull();
    expect(webAddress('not a link')).toBeNull();
    expect(webAddress(null)).toBeNull();
  });

  it('names files after the campaign', () => {
    expect(fileSlug('Summer Dance 2026!')).toBe('summer-dance-2026');
    expect(fileSlug('Été à Paris')).toBe('ete-a-paris');
    expect(fileSlug('!!!')).toBe('campaign');
  });
});
