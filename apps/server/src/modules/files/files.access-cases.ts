import { access } from '@platform/shared';
import type { AccessCase } from '../../test/access-cases';
import { signedUrlPath } from '../../test/harness';

export const filesAccessCases: AccessCase[] = [
  {
    route: 'GET /server-api/files/{*}',
    expect: access.public,
    targetsRecord: false,
    request: async ({ context }) => {
      await context.storage.put('matrix/readable.txt', Buffer.from('hello'), 'text/plain');
      const { url } = await context.storage.signedUrl({
        method: 'GET',
        key: 'matrix/readable.txt',
        expiresInSeconds: 60,
      });
      return { method: 'GET', url: signedUrlPath(url) };
    },
  },
  {
    route: 'PUT /server-api/files/{*}',
    expect: access.public,
    targetsRecord: false,
    request: async ({ context }) => {
      const { url } = await context.storage.signedUrl({
        method: 'PUT',
        key: 'matrix/written.json',
        expiresInSeconds: 60,
        contentTypes: ['application/json'],
        maxBytes: 1024,
      });
      return { method: 'PUT', url: signedUrlPath(url), body: { written: true } };
    },
  },
];
