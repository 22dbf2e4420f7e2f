import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/test-server.ts';
import { createCompany, inviteAndAccept, signedInUser } from '../tests/support/users.ts';

const JWT_SECRET = 'a secret the API replicas and the worker share';

/**
 * The docker-compose layout: an API that runs no projections, and
 * scripts/worker.ts in a process of its own, which must do everything the
 * API leaves to it (api/sweeps.test.ts moves a worker's clock on to see it
 * sweep).
 */
describe('scripts/worker.ts beside an API with RUN_PROJECTIONS=false', () => {
  let server: TestServer;
  let worker: ChildProcess;
  let dataDir: string;
  let healthPort: number;

  beforeAll(async () => {
    healthPort = await freePort();
    server = await startTestServer({ runProjections: false, jwtSecret: JWT_SECRET });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'timeledger-worker-'));
    worker = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: server.databaseUrl,
        SMTP_URL: server.background.smtpUrl,
        PUBLIC_URL: server.background.publicUrl,
        JWT_SECRET,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        WORKER_HEALTH_PORT: String(healthPort),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      worker.once('exit', (code) => reject(new Error(`the worker exited with ${code}`)));
      worker.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('projection worker running')) resolve();
      });
    });
  });
  afterAll(async () => {
    if (worker.exitCode === null) {
      worker.kill('SIGTERM');
      await once(worker, 'exit');
    }
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('builds the read models and mails the verification and invite links', async () => {
    const admin = await signedInUser(server, 'admin@worker.test', 'Ada Admin');
    const companyId = await createCompany(admin, 'Split Layout');
    const teamId = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Crew' })).body.teamId;
    const member = await signedInUser(server, 'member@worker.test', 'Mo Member');
    await inviteAndAccept(server, admin, companyId, member, 'Member', [teamId]);
    const members = await admin.call('GET', `/api/companies/${companyId}/members`);
    expect(members.body.members.map((m: { email: string }) => m.email).sort()).toEqual(['admin@worker.test', 'member@worker.test']);
  });

  it("answers its container's healthcheck while it runs and reaches its database", async () => {
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${healthPort}/health`).catch(() => null))?.status, { timeout: 10_000 }).toBe(200);
    expect(await (await fetch(`http://127.0.0.1:${healthPort}/health`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`http://127.0.0.1:${healthPort}/`)).status).toBe(404);
  });

  it('stops cleanly on SIGTERM', async () => {
    worker.removeAllListeners('exit');
    worker.kill('SIGTERM');
    const [code] = await once(worker, 'exit');
    expect(code).toBe(0);
  });
});

/** A loopback port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as net.AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}
