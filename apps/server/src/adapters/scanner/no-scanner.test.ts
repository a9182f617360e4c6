import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EICAR } from '../../test/clamd';
import { createNoScanner, NOT_SCANNED_REASON } from './no-scanner';

describe('no scanner', () => {
  it('is not configured, and calls nothing clean: every file is not scanned, saying why', async () => {
    const scanner = createNoScanner();
    expect(scanner).toMatchObject({ name: 'none', configured: false });
    for (const body of [EICAR, Buffer.from('a harmless text')]) {
      await expect(scanner.scan(body)).resolves.toEqual({
        outcome: 'NOT_SCANNED',
        reason: NOT_SCANNED_REASON,
      });
    }
    expect(NOT_SCANNED_REASON).toContain('not scanned');
  });

  it('leaves no stream it is handed open', async () => {
    const stream = Readable.from([Buffer.from('a file')]);
    await expect(createNoScanner().scan(stream)).resolves.toMatchObject({ outcome: 'NOT_SCANNED' });
    expect(stream.destroyed).toBe(true);
  });
});
