// The benchmark's baseline: a Fastify hello-world route in a process of its own, like the product's server.
import Fastify from 'fastify';

const app = Fastify();
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
