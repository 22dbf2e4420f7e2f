// npm run agent -- --url <server> --token <API token> <command> [options]
// A reference desktop agent: what a real one sends, from the command line.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { AgentCallError, agentClient } from './agent/client.ts';
import { sampleMinute } from './agent/usage-samples.ts';

const usage = `Usage: npm run agent -- --url <server> --token <API token> <command> [options]

Commands:
  status             your companies, the running session and the punch
  start              punch in if needed and start the timer on a task assigned to you
  beat               one heartbeat, with --idle <minutes> of idle time since the last one
  usage              one batch of sample application usage for the minute just past
  screenshot <file>  send a screenshot (PNG, JPEG or WebP, at most 5 MB)
  stop               stop the timer and save its time log
  run                start, then a heartbeat every 30 s, with --usage a usage batch every
                     minute and with --screenshot <file> that screenshot once, for
                     --minutes <n> (default 2), then the last batch and stop

Options:
  --company <id>     the company (default: your first)
  --team <id>, --project <id>, --task <id>
                     what to track (default: your first team, and the first project
                     with a task assigned to you)
  --time-zone <zone> where you are (default: this machine's zone)
  --idle <minutes>   idle minutes to report with each heartbeat (default 0)
  --usage            send sample application usage while running
  --screenshot <file>
  --minutes <n>      how long 'run' tracks`;

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    token: { type: 'string' },
    company: { type: 'string' },
    team: { type: 'string' },
    project: { type: 'string' },
    task: { type: 'string' },
    'time-zone': { type: 'string', default: Intl.DateTimeFormat().resolvedOptions().timeZone },
    idle: { type: 'string', default: '0' },
    usage: { type: 'boolean', default: false },
    screenshot: { type: 'string' },
    minutes: { type: 'string', default: '2' },
    help: { type: 'boolean', default: false },
  },
});

const [command, file] = positionals;
if (options.help || !options.url || !options.token || !command) {
  console.log(usage);
  process.exit(options.help ? 0 : 2);
}

const client = agentClient({ url: options.url, token: options.token });
const timeZone = options['time-zone'];
const idleMinutes = Number(options.idle);

async function companyId(): Promise<string> {
  if (options.company) return options.company;
  const { companyList } = await client.profile();
  if (companyList.length === 0) throw new Error('You belong to no company yet.');
  return companyList[0].companyId;
}

/** The task to track: the one named, else the first assigned to the caller in their first team. */
async function chosenTask(company: string) {
  const teamId = options.team ?? (await client.companyDetails(company)).teams[0]?.teamId;
  if (!teamId) throw new Error('You are in no team of this company: pass --team.');
  if (options.project && options.task) return { teamId, projectId: options.project, taskId: options.task };
  const projects = options.project ? [{ projectId: options.project }] : await client.projects(company);
  for (const { projectId } of projects) {
    const tasks = await client.myTasks(company, projectId);
    const task = options.task ? tasks.find((t) => t.taskId === options.task) : tasks[0];
    if (task) return { teamId, projectId, taskId: task.taskId };
  }
  throw new Error('No open task is assigned to you: pass --project and --task.');
}

async function runningSession(company: string) {
  const status = await client.status(company);
  if (!status.session) throw new Error('No active timer session found. Please start the timer first.');
  return { session: status.session, serverTime: new Date(status.serverTime) };
}

async function start(company: string) {
  const status = await client.status(company);
  if (status.session) return status.session;
  if (!status.punch.isPunchedIn) console.log((await client.punchIn(company, timeZone)).message);
  const { message, session } = await client.start(company, await chosenTask(company), timeZone);
  console.log(`${message} ${session.projectName} / ${session.taskName}`);
  return session;
}

async function sendUsage(company: string) {
  const { session, serverTime } = await runningSession(company);
  const samples = sampleMinute(serverTime, new Date(session.startedAt), idleMinutes > 0);
  if (samples.length === 0) return console.log('Less than a second tracked: no usage to send yet.');
  await client.usage(company, randomUUID(), samples);
  console.log(`Usage sent: ${samples.map((s) => `${s.application} ${s.seconds} s`).join(', ')}`);
}

async function sendScreenshot(company: string, path: string) {
  const { session, serverTime } = await runningSession(company);
  const shot = await client.screenshot(
    company,
    { screenshotId: randomUUID(), sessionId: session.sessionId, takenAt: serverTime.toISOString(), application: 'Visual Studio Code' },
    await readFile(path),
  );
  console.log(`Screenshot sent: ${shot.width} × ${shot.height}`);
}

async function beat(company: string) {
  const { session } = await runningSession(company);
  await client.heartbeat(company, session.sessionId, idleMinutes);
  console.log(`Heartbeat sent${idleMinutes ? ` with ${idleMinutes} idle minutes` : ''}.`);
}

async function stop(company: string) {
  const { message, splitMessage } = await client.stop(company);
  console.log([message, splitMessage].filter(Boolean).join('. '));
}

/** Tracks for a while as a desktop app does: beats every 30 s, usage every minute, the screenshot once. */
async function run(company: string) {
  await start(company);
  if (options.screenshot) await sendScreenshot(company, options.screenshot);
  const beats = Math.max(1, Math.round(Number(options.minutes) * 2));
  for (let beatNumber = 1; beatNumber <= beats; beatNumber++) {
    await sleep(30_000);
    await beat(company);
    if (options.usage && beatNumber % 2 === 0) await sendUsage(company);
  }
  if (options.usage && beats % 2 === 1) await sendUsage(company);
  await stop(company);
}

const commands: Record<string, (company: string) => Promise<unknown>> = {
  status: async (company) => {
    const status = await client.status(company);
    console.log(JSON.stringify({ company, ...status }, null, 2));
  },
  start,
  beat,
  usage: sendUsage,
  screenshot: (company) => {
    if (!file) throw new Error('Which file? npm run agent -- ... screenshot <file>');
    return sendScreenshot(company, file);
  },
  stop,
  run,
};

const action = commands[command];
if (!action) {
  console.error(`Unknown command: ${command}\n\n${usage}`);
  process.exit(2);
}
try {
  await action(await companyId());
} catch (error) {
  console.error(error instanceof AgentCallError ? `The server refused (${error.status}): ${error.message}` : (error as Error).message);
  process.exitCode = 1;
}

