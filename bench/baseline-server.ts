// The bare baseline for the benchmarks: Fastify with one route and nothing else, in its own process
// like the real server, so both compete with the load generator for the CPU in the same way.
import Fastify from 'fastify';

const app = Fastify();
app.get('/hello', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
