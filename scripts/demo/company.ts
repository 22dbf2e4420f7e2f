import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { Temporal } from 'temporal-polyfill';
import { type CompanyAccess, memberAccess } from '../../api/access/membership.ts';
import { createIdentityService } from '../../api/identity/service.ts';
import { mailedLinkToken } from '../../api/identity/tokens.ts';
import { ReadModelCache } from '../../api/live/read-model-cache.ts';
import { createAppUsageService } from '../../api/app-usage/service.ts';
import { createOrganisationService } from '../../api/organisation/service.ts';
import { createProjectsService } from '../../api/projects/service.ts';
import { createScreenshotsService } from '../../api/screenshots/service.ts';
import { screenshotStorage } from '../../api/screenshots/storage-quota.ts';
import { allowances } from '../../api/limits/allowances.ts';
import { configFromEnv } from '../../api/config.ts';
import type { FileStorage } from '../../api/storage/storage.ts';
import { createTimeTrackingService, TIMER_TASK_TABLES, type TimerTaskRow } from '../../api/time-tracking/service.ts';
import { TRIAL_DAYS } from '../../domain/companies/company.ts';
import { type AccountEvent, accountStream, emailReservationStream } from '../../domain/identity/events.ts';
import { TASK_PRIORITIES } from '../../domain/tasks/choices.ts';
import { localDay } from '../../domain/time-tracking/local-days.ts';
import { toDomainEvent } from '../../eventstore/command-handler.ts';
import type { EventMetadata, EventStore } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import type { ErrorLog } from '../../projections/runner.ts';
import { agentDataWriter } from './agent-data.ts';
import { DemoReadModels } from './read-models.ts';
import { companySettingsWriter, type DemoRequestsContext, DAILY_THRESHOLD_HOURS, type MemberTask, PAID_LEAVE_DAYS, planLeave, writeLeave, writeRegularizations } from './requests.ts';
import { byRole, CLIENT, COMPANY_ZONE, type DemoPerson, type DemoRole, PROJECTS, ROSTER, SESSION_NOTES, TEAMS, type TeamName, TODAY } from './roster.ts';
import { randomFrom, stepEnd, stepStart, TODAY_STATES, type TodayState, todaySteps, type WorkHabits, type WorkStep, workSchedule } from './schedule.ts';
import { type SessionTask, trackerWriter } from './tracker-writer.ts';

export const DEMO_MAIL_DOMAIN = 'demo.timeledger.invalid';

export interface DemoDeps {
  store: EventStore;
  db: Kysely<Database>;
  pool: pg.Pool;
  /** The key mailed links are derived from: the demo follows its own verification links. */
  linkKey: string;
  storage: FileStorage;
  log: ErrorLog;
}

export interface DemoOptions {
  /** How many people of the roster (at most 25). */
  people?: number;
  /** How many days of time logs, up to now. */
  days?: number;
}

export interface SignIn {
  role: DemoRole | 'Client';
  name: string;
  email: string;
}

export interface DemoCompany {
  companyId: string;
  name: string;
  password: string;
  /** Admins first, then Heads, Managers, Members; the Client last. */
  signIns: SignIn[];
  /** How many people work there (the Client is not one of them). */
  people: number;
  /** The project the Client was invited to. */
  clientProject: string;
  teams: number;
  projects: number;
  tasks: number;
  days: number;
  sessions: number;
  punches: number;
  /** Who is where today, now: working (their timer running), on a break, punched out, on leave, absent. */
  today: Record<TodayState, string[]>;
  /** The timers running now: alive only while something beats for them (see keepTimersAlive). */
  runningTimers: RunningTimer[];
  /** Days of leave taken in the history, and requests still waiting. */
  leaveTaken: number;
  leavePending: number;
  regularizations: number;
  /** The desktop agent's usage batches and screenshots of the last days. */
  usageBatches: number;
  screenshots: number;
}

/** A timer running now, and whose it is. */
export interface RunningTimer {
  access: CompanyAccess;
  sessionId: string;
  email: string;
}

const MINUTE = 60_000;
const SETUP_STEP_MS = 20_000;
const RAISE_AFTER_DAYS = 30;
/** Days of the desktop agent's data, today included: its minute batches and screenshots are most of the demo's work. */
const AGENT_DATA_DAYS = 2;

/** The services' clock: the demo sets it to each moment it acts at. */
class Clock {
  constructor(public at: number) {}
  now = () => new Date(this.at);
}

const emailOf = (person: { name: string }, run: number) =>
  `${person.name
    .normalize('NFKD')
    .replace(/[^A-Za-z\s]/g, '')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .join('.')}${run > 1 ? run : ''}@${DEMO_MAIL_DOMAIN}`;

/** A password the sign-up rules accept: upper and lower case, a digit, a special character. */
const newPassword = () => `Demo#${randomInt(1000, 10_000)}${randomBytes(4).toString('hex')}`;

/**
 * The first run number whose founder's e-mail is free: each run makes a
 * company of its own, with people of its own.
 */
async function nextRun(store: EventStore): Promise<number> {
  for (let run = 1; ; run++) {
    if ((await store.readStream(emailReservationStream(emailOf(ROSTER[0], run)))).length === 0) return run;
  }
}

/**
 * A member's access as api/access/membership.ts builds it for a request: the demo's
 * commands go through the same services and deciders as the API's.
 */
async function accessOf(db: Kysely<Database>, companyId: string, userId: string): Promise<CompanyAccess> {
  const access = await memberAccess(db, companyId, userId);
  if (!access) throw new Error(`${userId} is not a member of ${companyId}`);
  return access;
}

/** How a person works, drawn from their seed: leads track fewer hours, some use the desktop agent. */
function habitsOf(person: DemoPerson, tasks: number, random: () => number): WorkHabits {
  const between = (low: number, high: number) => Math.round(low + random() * (high - low));
  const hours = { Admin: [300, 360], Head: [360, 420], Manager: [400, 460], Member: [420, 500] }[person.role];
  const desktop = random() < 0.6;
  return {
    zone: person.zone,
    dayStart: between(8 * 60 + 45, 10 * 60),
    dayMinutes: between(hours[0], hours[1]),
    desktop,
    idleShare: desktop ? 0.04 + random() * 0.1 : 0,
    eveningChance: random() * 0.18,
    nightOwl: person.nightOwl ?? false,
    tasks,
  };
}

/**
 * Which tasks each person gets: a few in the projects of their teams, and
 * for leads one in Operations; each task has its own title.
 */
function taskPlan(people: readonly DemoPerson[]): { project: number; title: string; assignee: number }[] {
  const used = PROJECTS.map(() => 0);
  const operations = PROJECTS.findIndex((p) => p.teams.length === 0);
  return people.flatMap((person, assignee) => {
    const own = PROJECTS.flatMap((project, index) => (project.teams.some((team) => person.teams.includes(team)) ? [index] : []));
    const lead = person.role !== 'Member';
    const projects = [...own, ...(lead ? [operations] : [])];
    const count = person.role === 'Admin' ? 2 : 3;
    return Array.from({ length: count }, (_, i) => {
      const project = projects[(assignee + i) % projects.length];
      const titles = PROJECTS[project].tasks;
      const n = used[project]++;
      const title = n < titles.length ? titles[n] : `${titles[n % titles.length]} (phase ${Math.floor(n / titles.length) + 1})`;
      return { project, title, assignee };
    });
  });
}

/**
 * Creates a demo company through the product's own services, so every change
 * is an event decided by the domain, at the time the services' clock says:
 * people sign up and verify their e-mail, the founder creates the company,
 * teams, invitations (accepted), rates, projects and tasks the day before the
 * history starts; then each person punches and tracks, day by day, up to now.
 * The read models the services consult are brought up to date by projection
 * workers run here (a running server's workers take their share too).
 */
export async function createDemoCompany(deps: DemoDeps, options: DemoOptions = {}): Promise<DemoCompany> {
  const readModels = await DemoReadModels.start(deps);
  try {
    return await populate(deps, readModels, options);
  } finally {
    await readModels.stop();
  }
}

async function populate({ store, db, linkKey, storage }: DemoDeps, readModels: DemoReadModels, options: DemoOptions): Promise<DemoCompany> {
  const people = ROSTER.slice(0, Math.min(options.people ?? ROSTER.length, ROSTER.length));
  const days = options.days ?? 90;
  // Nothing after now: a tracker's clock never goes back, so events in the future would stamp the person's real commands with that future.
  const until = Date.now() - 2 * MINUTE;

  const today = Temporal.Instant.fromEpochMilliseconds(until).toZonedDateTimeISO(COMPANY_ZONE).toPlainDate();
  const from = today.subtract({ days });
  const clock = new Clock(from.subtract({ days: 1 }).toZonedDateTime({ timeZone: COMPANY_ZONE, plainTime: '10:00' }).epochMilliseconds);
  const setupStep = () => (clock.at += SETUP_STEP_MS);

  const identity = createIdentityService({ store, db, linkKey, now: clock.now });
  // The operator's own invitations: the hourly allowance bounds what an account can make the server mail.
  const organisation = createOrganisationService({ store, db, linkKey, invitesPerHour: Number.POSITIVE_INFINITY, now: clock.now });
  const projectsService = createProjectsService({ store, db, storage });

  const run = await nextRun(store);
  const name = run === 1 ? 'Demo Company' : `Demo Company ${run}`;
  const password = newPassword();
  const metadata = (userId?: string): EventMetadata => ({ correlationId: `demo-${run}`, ...(userId ? { userId } : {}) });

  // Everyone signs up and follows the link mailed to them.
  const signUp = async <Person extends { name: string }>(person: Person) => {
    const email = emailOf(person, run);
    const { userId } = await identity.signUp({ fullName: person.name, email, password }, metadata());
    const registered = (await store.readStream(accountStream(userId))).map((e) => toDomainEvent<AccountEvent>(e)).find((e) => e.type === 'AccountRegistered');
    const linkId = registered?.type === 'AccountRegistered' ? registered.data.verification.linkId : undefined;
    if (!linkId) throw new Error(`No verification link for ${email}`);
    readModels.wrote((await identity.verifyEmail(userId, mailedLinkToken(linkKey, linkId), metadata(userId))).position);
    return { ...person, userId, email };
  };
  const [members, client] = await Promise.all([Promise.all(people.map(signUp)), signUp({ name: CLIENT.name })]);
  const founder = members[0];
  /** Accepts the invitations waiting for the person, as they would from the mailed link. */
  const acceptInvites = async (person: { userId: string; name: string; email: string }) => {
    const invites = await db.selectFrom('invites').select('invite_id').where('company_id', '=', companyId).where('email', '=', person.email).where('status', '=', 'pending').execute();
    for (const invite of invites) {
      readModels.wrote((await organisation.acceptInvite({ userId: person.userId, name: person.name, email: person.email }, invite.invite_id, metadata(person.userId))).position);
    }
  };
  setupStep();

  const { companyId, position } = await organisation.createCompany(
    { userId: founder.userId, name: founder.name, email: founder.email },
    { name, location: { country: 'India', code: 'IN' }, timeZone: COMPANY_ZONE, workingHours: { start: '09:00', end: '18:00' } },
    metadata(founder.userId),
  );
  readModels.wrote(position);
  await readModels.includeWritten();
  const teamIds = new Map<TeamName, string>();
  for (const team of TEAMS) {
    setupStep();
    const created = await organisation.createTeam(await accessOf(db, companyId, founder.userId), { name: team, memberIds: [] }, metadata(founder.userId));
    readModels.wrote(created.position);
    teamIds.set(team, created.teamId);
  }
  const teamsOf = (person: DemoPerson) => person.teams.map((team) => teamIds.get(team)!);

  await readModels.includeWritten();
  const founderAccess = await accessOf(db, companyId, founder.userId);
  for (const member of members.slice(1)) {
    setupStep();
    const { results, position: sent } = await organisation.sendInvites(founderAccess, { emails: [member.email], role: member.role, teamIds: teamsOf(member), projectIds: [] }, metadata(founder.userId));
    const refused = results.find((result) => !result.sent);
    if (refused) throw new Error(`Inviting ${member.email}: ${refused.message}`);
    readModels.wrote(sent);
  }

  await readModels.includeWritten();
  setupStep();
  await Promise.all(members.slice(1).map(acceptInvites));

  // Rates: the founder sets everyone's; another Admin, if there is one, the founder's.
  await readModels.includeWritten();
  setupStep();
  const accesses = new Map(await Promise.all(members.map(async (member) => [member.userId, await accessOf(db, companyId, member.userId)] as const)));
  const setRate = async (member: (typeof members)[number], rate: number) => {
    const editor = member === founder ? members.find((other) => other !== founder && other.role === 'Admin') : founder;
    if (!editor) return;
    const edit = { name: member.name, teamIds: teamsOf(member), hourlyRate: rate };
    readModels.wrote(await organisation.editMember(accesses.get(editor.userId)!, member.userId, edit, metadata(editor.userId)));
  };
  for (const member of members) await setRate(member, member.rate);

  setupStep();
  const requests: DemoRequestsContext = { store, db, readModels, companyId, teamIds, founder, members, accesses, clock, metadata };
  const settings = companySettingsWriter(requests);
  await settings.threshold();
  await settings.screenshots();
  const leave = planLeave(members, { from, today, seed: run });
  await settings.policies(Array.from({ length: today.year - from.year + 1 }, (_, i) => from.year + i));
  const companyReady = clock.at;

  setupStep();
  const projectIds: string[] = [];
  for (const project of PROJECTS) {
    const created = await projectsService.createProject(founderAccess, project.name, metadata(founder.userId));
    readModels.wrote(created.position);
    projectIds.push(created.projectId);
  }
  await readModels.includeWritten();
  const plan = taskPlan(members);
  const tasks: { taskId: string; projectId: string; project: number }[] = [];
  for (const [index, item] of plan.entries()) {
    const { taskId, position: created } = await projectsService.createTask(
      founderAccess,
      {
        title: item.title,
        description: `<p>${PROJECTS[item.project].summary}</p>`,
        status: index % 3 === 0 ? 'IN PROGRESS' : index % 3 === 1 ? 'TO DO' : 'QA',
        priority: TASK_PRIORITIES[index % TASK_PRIORITIES.length],
        eta: today.add({ days: 7 + (index % 5) * 7 }).toString(),
        assigneeId: members[item.assignee].userId,
        projectId: projectIds[item.project],
      },
      metadata(founder.userId),
    );
    readModels.wrote(created);
    tasks.push({ taskId, projectId: projectIds[item.project], project: item.project });
  }
  await readModels.includeWritten();

  // The Client: invited by the founder to one project, as on /manage-users, and accepting.
  setupStep();
  const clientProjectId = projectIds[PROJECTS.findIndex((project) => project.name === CLIENT.project)];
  const invitedClient = await organisation.sendInvites(founderAccess, { emails: [client.email], role: 'Client', teamIds: [], projectIds: [clientProjectId] }, metadata(founder.userId));
  if (!invitedClient.results[0]?.sent) throw new Error(`Inviting ${client.email}: ${invitedClient.results[0]?.message}`);
  readModels.wrote(invitedClient.position);
  await readModels.includeWritten();
  await acceptInvites(client);

  const ownTasks = (index: number) => tasks.filter((_, i) => plan[i].assignee === index);
  /** The team a member's time on a project goes to: one of theirs that works on it. */
  const teamFor = (member: DemoPerson, project: number) => {
    const shared = PROJECTS[project].teams.find((team) => member.teams.includes(team));
    return teamIds.get(shared ?? member.teams[0] ?? PROJECTS[project].teams[0] ?? TEAMS[0])!;
  };
  // The tasks as the timer's start reads them (api/time-tracking/service.ts): names, assignee, status.
  await readModels.includeWritten();
  const taskRows = new Map(
    (
      await db
        .selectFrom('tasks as t')
        .innerJoin('projects as p', 'p.project_id', 't.project_id')
        .select(['t.task_id', 't.project_id', 't.title', 't.status', 't.assignee_id', 'p.name as project_name'])
        .where('t.company_id', '=', companyId)
        .where('t.deleted', '=', false)
        .execute()
    ).map((row) => [`${row.project_id}:${row.task_id}`, row]),
  );

  // The desktop agent's usage and screenshots for the last days' sessions: what the application dashboard and the gallery show.
  const agentDataSince = today.subtract({ days: AGENT_DATA_DAYS - 1 }).toZonedDateTime({ timeZone: COMPANY_ZONE }).epochMilliseconds;

  // Each person's days, from their own seed: the same run number gives the same history; then today, up to now.
  const timerTasks = new ReadModelCache<TimerTaskRow>(readModels.watcher, TIMER_TASK_TABLES);
  const runningTimers: RunningTimer[] = [];
  const workers = await Promise.all(
    members.map(async (member, index) => {
      const own = ownTasks(index);
      const random = randomFrom(run * 7919 + index);
      const habits = habitsOf(member, own.length, random);
      const onLeave = leave.get(index);
      const yesterday = Temporal.Instant.fromEpochMilliseconds(until).toZonedDateTimeISO(member.zone).toPlainDate().subtract({ days: 1 });
      const history = withoutOpenPunch(workSchedule(habits, { from, until, through: yesterday, seed: run * 104_729 + index, leave: new Set(onLeave ? [onLeave.date] : []) }));
      const state = TODAY[index];
      const after = history.length > 0 ? stepEnd(history[history.length - 1]) : from.toZonedDateTime({ timeZone: member.zone }).epochMilliseconds;
      const steps = [...history, ...todaySteps(habits, { state, after, now: until, seed: run * 15_485_863 + index })];
      const personClock = new Clock(0);
      const timer = createTimeTrackingService({ store, db, tasks: timerTasks, now: personClock.now });
      const access = await accessOf(db, companyId, member.userId);
      const agent = agentDataWriter({
        access,
        appUsage: (at) => createAppUsageService({ store, timeTracking: timer, now: () => new Date(at) }),
        // The demo writes days of screenshots at once: no rate, and the storage of `npm start`'s configuration.
        screenshots: createScreenshotsService({
          store,
          db,
          storage,
          quota: screenshotStorage(db, configFromEnv().screenshotStoragePerCompanyMb),
          allowances: allowances(db, personClock.now),
          uploadsPerHour: 1_000_000,
          timeTracking: timer,
          now: personClock.now,
        }),
        setClock: (at) => (personClock.at = at),
        metadata: metadata(member.userId),
        wrote: (position) => readModels.wrote(position),
        kit: index,
      });
      const writer = trackerWriter({
        store,
        db,
        access,
        zone: member.zone,
        source: habits.desktop ? 'desktop' : 'web',
        isAssignedOpenTask: (projectId, taskId) => {
          const row = taskRows.get(`${projectId}:${taskId}`);
          return row?.assignee_id === member.userId && row.status !== 'DONE';
        },
        metadata: metadata(member.userId),
        wrote: (position) => readModels.wrote(position),
      });
      const sessionTask = (task: number, at: number): SessionTask => {
        const { taskId, projectId, project } = own[task];
        const row = taskRows.get(`${projectId}:${taskId}`);
        if (!row) throw new Error(`Task ${taskId} is not in the read models`);
        const taskDetails = SESSION_NOTES[Math.floor(at / MINUTE) % SESSION_NOTES.length];
        return { teamId: teamFor(member, project), projectId, projectName: row.project_name, taskId, taskName: row.title, taskDetails };
      };

      /** Sessions written whose agent data is not yet sent: it goes once they are in the log, as a late agent sends it. */
      let unsent: { step: Extract<WorkStep, { kind: 'session' }>; sessionId: string }[] = [];
      /** Writes what is queued, then the agent's data of its sessions. */
      const flush = async () => {
        await writer.flush();
        for (const { step, sessionId } of unsent) await agent.session(step, sessionId);
        unsent = [];
      };
      const act = async (step: WorkStep) => {
        if (step.kind === 'punch-in' || step.kind === 'punch-out') {
          writer.punch(step.kind === 'punch-in' ? 'in' : 'out', step.at);
          // A stint ends: its sessions are written, then what the agent saw of them.
          return step.kind === 'punch-out' ? flush() : undefined;
        }
        if (step.kind === 'session') {
          const sessionId = await writer.session(sessionTask(step.task, step.start), { startAt: step.start, endAt: step.end, idle: step.idle });
          if (habits.desktop && step.start >= agentDataSince) unsent.push({ step, sessionId });
          return;
        }
        const sessionId = await writer.running(sessionTask(step.task, step.start), step.start);
        runningTimers.push({ access, sessionId, email: member.email });
        if (habits.desktop) unsent.push({ step: { kind: 'session', start: step.start, end: until, task: step.task, idle: [] }, sessionId });
        await flush();
      };
      /** The local days they tracked time on, latest first. */
      const workdays = () => [...new Set(steps.flatMap((step) => (step.kind === 'session' ? [localDay(new Date(step.start).toISOString(), member.zone)] : [])))].reverse();
      return { steps, act, flush, workdays, agent };
    }),
  );

  // Rates change 30 days ago: the time logs before it are written first, so the log holds them in the order they happened.
  const raiseAt = today.subtract({ days: Math.min(RAISE_AFTER_DAYS, Math.floor(days / 3)) }).toZonedDateTime({ timeZone: COMPANY_ZONE }).epochMilliseconds;
  const track = (when: (at: number) => boolean) =>
    Promise.all(
      workers.map(async ({ steps, act, flush }) => {
        for (const step of steps) if (when(stepStart(step))) await act(step);
        await flush();
      }),
    );
  await track((at) => at < raiseAt);
  clock.at = raiseAt;
  for (const member of members) if (member.raise) await setRate(member, member.raise);
  await track((at) => at >= raiseAt);

  // Leave and manual time, asked for and answered in the history, a few still waiting.
  const leavePending = await writeLeave(requests, leave, { since: companyReady, until });
  const firstTask = (index: number): MemberTask | undefined => {
    const task = ownTasks(index)[0];
    return task && { taskId: task.taskId, projectId: task.projectId, teamId: teamFor(members[index], task.project) };
  };
  const regularizations = await writeRegularizations(requests, {
    workdays: (person) => workers[members.indexOf(person)].workdays(),
    taskOf: (person) => firstTask(members.indexOf(person)),
    until,
  });
  // Founded 90 days ago, the company's first trial is long over: it gets a fresh one, as the operator gives it.
  clock.at = Date.now();
  const trialEndsAt = new Date(clock.at + TRIAL_DAYS * 86_400_000).toISOString();
  readModels.wrote(await organisation.setSubscriptionStatus(companyId, 'trial', trialEndsAt, metadata('operator')));
  await readModels.includeWritten();

  const all = workers.flatMap((worker) => worker.steps);
  const todayOf = Object.fromEntries(TODAY_STATES.map((state) => [state, members.filter((_, index) => TODAY[index] === state).map((member) => member.email)])) as Record<TodayState, string[]>;
  return {
    companyId,
    name,
    password,
    signIns: [...byRole(members), { ...client, role: 'Client' as const }].map(({ role, name: person, email }) => ({ role, name: person, email })),
    people: members.length,
    clientProject: CLIENT.project,
    teams: TEAMS.length,
    projects: PROJECTS.length,
    tasks: tasks.length,
    days,
    sessions: all.filter((step) => step.kind !== 'punch-in' && step.kind !== 'punch-out').length,
    punches: all.filter((step) => step.kind === 'punch-in' || step.kind === 'punch-out').length,
    today: todayOf,
    runningTimers,
    leaveTaken: leave.size,
    leavePending,
    regularizations,
    usageBatches: workers.reduce((sum, worker) => sum + worker.agent.batches(), 0),
    screenshots: workers.reduce((sum, worker) => sum + worker.agent.screenshots(), 0),
  };
}

/** A history cut at now may end with a punch in whose work has not ended yet: today's plan starts after the punch before it. */
function withoutOpenPunch(steps: WorkStep[]): WorkStep[] {
  return steps.at(-1)?.kind === 'punch-in' ? steps.slice(0, -1) : steps;
}

/** What `npm run demo` prints: the company, then who can sign in (Admins first, the Client last) and the one password. */
export function describeDemo(demo: DemoCompany, url: string): string {
  const width = Math.max(...demo.signIns.map((s) => s.name.length));
  return [
    `${demo.name}: ${demo.people} people in ${demo.teams} teams, ${demo.projects} projects with ${demo.tasks} tasks, and a Client who follows ${demo.clientProject};`,
    `${demo.days} days of time logs (${demo.sessions} sessions, ${demo.punches} punches), ${demo.leaveTaken} days of leave taken and ${demo.leavePending} asked for,`,
    `${demo.regularizations} regularization requests; a daily threshold of ${DAILY_THRESHOLD_HOURS} hours and ${PAID_LEAVE_DAYS} paid leave days a year;`,
    `the desktop agent's last ${AGENT_DATA_DAYS} days: ${demo.usageBatches} minutes of application usage and ${demo.screenshots} screenshots.`,
    `Today, now: ${demo.today.working.length} working (their timer running), ${demo.today.break.length} on a break, ${demo.today.out.length} punched out, ${demo.today.leave.length} on leave, ${demo.today.absent.length} absent.`,
    '',
    `Sign in at ${url} as any of them:`,
    ...demo.signIns.map((s) => `  ${s.role.padEnd(8)} ${s.name.padEnd(width)}  ${s.email}`),
    '',
    `Password: ${demo.password}`,
  ].join('\n');
}
