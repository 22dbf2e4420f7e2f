import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../eventstore/postgres.ts';
import type { EventStore } from '../eventstore/types.ts';
import { createPool } from '../projections/database.ts';
import { startTestServer, type TestServer } from '../tests/support/test-server.ts';
import { type ApiUser, callApi, createCompany, signedInUser, TEST_PASSWORD } from '../tests/support/users.ts';

let server: TestServer;
let restarted: TestServer | null = null;
let rawStore: EventStore;
let closeRawStore: () => Promise<void>;
let ada: ApiUser;
let firstCompany: string;

/**
 * A second CompanyCreated for a company that exists: the organisation read
 * model cannot apply it. Written through the raw store, which takes any event,
 * as a bug or an older version could have.
 */
const duplicateCompanyCreated = (companyId: string) =>
  rawStore.append(
    `company-${randomUUID()}`,
    [
      {
        eventId: randomUUID(),
        type: 'CompanyCreated',
        data: {
          companyId,
          name: 'Duplicate',
          location: { country: 'India', code: 'IN' },
          timeZone: 'Asia/Kolkata',
          workingHours: { start: '09:00', end: '18:00' },
          createdBy: { userId: ada.userId, name: 'Ada', email: ada.email },
          trialEndsAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
        metadata: { correlationId: 'test' },
      },
    ],
    'no_stream',
  );

const companyIds = async (user: ApiUser) => ((await user.call('GET', '/api/me')).body.companyList as { companyId: string }[]).map((c) => c.companyId);

beforeAll(async () => {
  server = await startTestServer();
  const pool = createPool(server.databaseUrl, 2);
  rawStore = createPostgresEventStore(pool);
  closeRawStore = async () => {
    await rawStore.close();
    await pool.end();
  };
  ada = await signedInUser(server, 'ada@failures.test', 'Ada Admin');
  firstCompany = await createCompany(ada, 'First Company');
});
afterAll(async () => {
  await (restarted ?? server).close();
  await closeRawStore();
});

describe('an event a projection cannot apply', () => {
  it('is set aside: the read model keeps following the log for every company, and the health check says degraded', async () => {
    expect((await callApi(server, null, 'GET', '/api/health')).body).toMatchObject({ status: 'ok', projections: { organisation: { setAside: 0 } } });
    await duplicateCompanyCreated(firstCompany);
    const secondCompany = await createCompany(ada, 'Second Company');

    expect(await companyIds(ada)).toEqual(expect.arrayContaining([firstCompany, secondCompany]));
    const health = await callApi(server, null, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'degraded', projections: { organisation: { setAside: 1 }, accounts: { setAside: 0 } } });
  });

  it('does not stop a new server on the same data from starting and serving', async () => {
    await server.close();
    await duplicateCompanyCreated(firstCompany);
    restarted = await startTestServer({ databaseUrl: server.databaseUrl });

    const login = await callApi(restarted, null, 'POST', '/api/auth/login', { email: ada.email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const again: ApiUser = { ...ada, cookie, call: (method, path, body) => callApi(restarted!, cookie, method, path, body) };
    const thirdCompany = await createCompany(again, 'Third Company');
    expect(await companyIds(again)).toHaveLength(3);
    expect(await companyIds(again)).toContain(thirdCompany);
    expect((await callApi(restarted, null, 'GET', '/api/health')).body).toMatchObject({ status: 'degraded', projections: { organisation: { setAside: 2 } } });
  });
});
