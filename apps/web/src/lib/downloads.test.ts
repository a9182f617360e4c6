import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './downloads';

describe('fileNameFromDisposition', () => {
  it('reads the file name of an attachment, quoted or not, preferring the UTF-8 form', () => {
    expect(fileNameFromDisposition('attachment; filename="audit-log-2026-03-05.csv"', 'audit-log.csv')).toBe(
      'audit-log-2026-03-05.csv',
    );
    expect(fileNameFromDisposition('attachment; filename=audit.csv', 'audit-log.csv')).toBe('audit.csv');
    expect(
      fileNameFromDisposition(
        `attachment; filename="x.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`,
        'audit-log.csv',
      ),
    ).toBe('résumé.csv');
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".csv"', 'audit-log.csv')).toBe(
      'say "hi".csv',
    );
  });

  it('falls back to the name given, and never names a folder', () => {
    expect(fileNameFromDisposition(null, 'audit-log.csv')).toBe('audit-log.csv');
    expect(fileNameFromDisposition('attachment', 'audit-log.csv')).toBe('audit-log.csv');
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"', 'audit-log.csv')).toBe(
      'passwd',
    );
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, 'audit-log.csv')).toBe(
      'audit-log.csv',
    );
  });
});
