import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@platform/shared';
import { AppError } from '../errors';

const counted = new WeakSet<FastifyRequest>();

/**
 * Graceful shutdown. Closing the listener straight away would also cut idle keep-alive connections
 * on which a client may be sending its next request. So first every new request is answered 503
 * with `Connection: close` (clients and load balancers go elsewhere), the requests in flight finish,
 * and only then does the caller close the server.
 */
export function registerDraining(app: FastifyInstance) {
  let draining = false;
  let inFlight = 0;
  let onIdle: (() => void) | undefined;

  const finished = (request: FastifyRequest) => {
    if (!counted.delete(request)) return;
    inFlight -= 1;
    if (inFlight === 0) onIdle?.();
  };

  app.addHook('onRequest', (request, reply, done) => {
    if (draining) {
      void reply.header('connection', 'close');
      done(
        new AppError(
          503,
          ERROR_CODES.serviceUnavailable,
          'The server is restarting. Please try again in a moment.',
          undefined,
          { 'retry-after': '5' },
        ),
      );
      return;
    }
    counted.add(request);
    inFlight += 1;
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    finished(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    finished(request);
    done();
  });

  return {
    /** Resolves once no request is in flight, plus `graceMs` for responses still on the wire. */
    async drain(graceMs: number): Promise<void> {
      draining = true;
      if (inFlight > 0) await new Promise<void>((resolve) => (onIdle = resolve));
      await new Promise((resolve) => setTimeout(resolve, graceMs));
    },
  };
}
