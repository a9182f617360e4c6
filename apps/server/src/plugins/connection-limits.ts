import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES } from '@platform/shared';
import { rawErrorResponse } from './errors';
import { BARE_SECURITY_HEADERS } from './security-headers';

const TOO_MANY_CONNECTIONS = {
  status: 429,
  code: ERROR_CODES.tooManyConnections,
  message: 'Too many open connections from your address. Please close some and try again.',
};

/**
 * At most `max` open connections from one address, so that one client cannot hold every socket (slow
 * requests are timed out separately). A connection over the cap is answered 429 and closed before its
 * request is read. Behind a proxy every connection comes from the proxy, so the cap is then off by default.
 */
export function limitConnectionsPerAddress(server: Server, max: number, logger: FastifyBaseLogger): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      const requestId = randomUUID();
      logger.warn(
        { requestId, remoteAddress: address, open: count - 1 },
        'connection refused: too many from one address',
      );
      socket.end(rawErrorResponse(TOO_MANY_CONNECTIONS, requestId, BARE_SECURITY_HEADERS));
      socket.destroySoon();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
