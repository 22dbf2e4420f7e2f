import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Browser, BrowserContext } from 'playwright-core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderStorage } from '../../api/storage/storage.ts';
import { endAbandonedSessions } from '../../api/time-tracking/abandoned-sessions.ts';
import { ABANDON_AFTER_MS } from '../../domain/time-tracking/tracker.ts';
import { openEventStore } from '../../eventstore/open.ts';
import type { EventStore } from '../../eventstore/types.ts';
import { createDatabase, createPool, type Database } from '../../projections/database.ts';
import { createDemoCompany, type DemoCompany } from '../../scripts/demo/company.ts';
import type { TestServer } from '../support/test-server.ts';
import { checkEachTest, newContext, sharedServerAndBrowser, signInWithApi } from './support/browser.ts';

/*
 * `npm run demo` beside a running server, whose sweep ends sessions it sees
 * abandoned (here it sweeps without pause while the demo writes): a Member
 * of the demo signs in and is not told their device stopped responding.
 */

let server: TestServer;
let browser: Browser;
let store: EventStore;
let db: Kysely<Database>;
let filesDir: string;
let demo: DemoCompany;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await sharedServerAndBrowser();
  const pool = createPool(server.databaseUrl, 6);
  db = createDatabase(pool);
  store = await openEventStore({}, pool);
  filesDir = await mkdtemp(path.join(os.tmpdir(), 'timeledger-e2e-demo-'));
  let sweeping = true;
  const sweeps = (async () => {
    while (sweeping) await endAbandonedSessions({ store: server.store, db: server.db, now: new Date() }, new Date(Date.now() - ABANDON_AFTER_MS));
  })();
  const deps = { store, db, pool, linkKey: server.background.linkKey, storage: folderStorage(filesDir), log: pino({ level: 'silent' }) };
  demo = await createDemoCompany(deps, { people: 5, days: 3 }).finally(() => (sweeping = false));
  await sweeps;
}, 300_000);

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await rm(filesDir, { recursive: true, force: true });
});

checkEachTest(contexts);

describe('the demo company', () => {
  it('signs its Members in with no notice that their timer stopped because their device stopped responding', async () => {
    const members = demo.signIns.filter((signIn) => signIn.role === 'Member');
    expect(members.length).toBeGreaterThan(0);
    for (const member of members) {
      const context = await newContext(browser, server, { timezoneId: 'Asia/Kolkata' });
      contexts.push(context);
      await signInWithApi(context, { name: member.name, email: member.email, password: demo.password });
      const page = await context.newPage();
      const status = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/companies/${demo.companyId}/timer` && response.ok());
      await page.goto('/');
      expect((await (await status).json()).abandoned).toBeNull();
      expect(await page.getByText('stopped responding', { exact: false }).count()).toBe(0);
    }
  });
});
