import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../tests/support/users.ts';

const runFile = promisify(execFile);

/** The reference agent, run as a user runs it, against a real server whose clock the test moves. */
describe('npm run agent', () => {
  let server: TestServer;
  let clock: Date | null = null;
  let admin: ApiUser;
  let companyId: string;
  let token: string;
  let anaId: string;
  let folder: string;

  const agent = async (...args: string[]) => {
    try {
      const { stdout } = await runFile(process.execPath, ['--import', 'tsx', 'scripts/agent.ts', '--url', server.url, '--token', token, '--time-zone', 'Asia/Kolkata', ...args]);
      return { code: 0, output: stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, output: failed.stdout + failed.stderr };
    }
  };

  beforeAll(async () => {
    server = await startTestServer({ now: () => clock ?? new Date() });
    folder = await mkdtemp(path.join(os.tmpdir(), 'timeledger-agent-'));
    admin = await signedInUser(server, 'admin@agent.test', 'Ada Admin');
    const ana = await signedInUser(server, 'ana@agent.test', 'Ana Agent');
    companyId = await createCompany(admin, 'Agent Works');
    const teamId: string = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Desk' })).body.teamId;
    await inviteAndAccept(server, admin, companyId, ana, 'Member', [teamId]);
    anaId = ana.userId;
    const projectId: string = (await admin.call('POST', `/api/companies/${companyId}/projects`, { name: 'Agent project' })).body.projectId;
    await admin.call('POST', `/api/companies/${companyId}/tasks`, { projectId, title: 'Try the agent', description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: ana.userId });
    await admin.call('PUT', `/api/companies/${companyId}/settings/screenshots`, { enabled: true });
    token = (await ana.call('POST', '/api/me/tokens', { name: 'Desktop agent' })).body.token;
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toFile(path.join(folder, 'shot.png'));
    await writeFile(path.join(folder, 'notes.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('punches in, tracks, sends usage and a screenshot, beats and stops; the data reaches the dashboards', async () => {
    clock = new Date('2026-11-20T04:00:00.000Z');
    const started = await agent('start');
    expect(started.output).toContain('Punched in successfully!');
    expect(started.output).toContain('Timer started successfully! Agent project / Try the agent');

    clock = new Date('2026-11-20T04:05:00.000Z');
    expect((await agent('usage')).output).toContain('Usage sent: Visual Studio Code 30 s, Slack 12 s, Google Chrome 12 s, YouTube 6 s');
    expect((await agent('screenshot', path.join(folder, 'shot.png'))).output).toContain('Screenshot sent: 64 × 48');
    expect((await agent('beat', '--idle', '1')).output).toContain('Heartbeat sent with 1 idle minutes.');
    const refused = await agent('screenshot', path.join(folder, 'notes.svg'));
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.output).toContain('The server refused (400)');

    clock = new Date('2026-11-20T04:10:00.000Z');
    expect((await agent('stop')).output).toContain('Timer stopped and time log saved successfully');
    expect((await agent('usage')).output).toContain('No active timer session found. Please start the timer first.');

    // The read models catch up a moment after the agent's last call.
    const shots = () => admin.call('GET', `/api/companies/${companyId}/screenshots?userId=${anaId}&from=2026-11-20&to=2026-11-20`);
    await expect.poll(async () => (await shots()).body.screenshots?.length).toBe(1);
    const applications = () => admin.call('GET', `/api/companies/${companyId}/application-dashboard?userId=${anaId}&day=2026-11-20`);
    await expect.poll(async () => JSON.stringify((await applications()).body)).toContain('Visual Studio Code');
  }, 60_000);

  it('says what went wrong with a revoked or unknown token', async () => {
    token = 'tl_not-a-token';
    const answer = await agent('status');
    expect(answer.code).toBe(1);
    expect(answer.output).toContain('The server refused (401)');
  });
});
