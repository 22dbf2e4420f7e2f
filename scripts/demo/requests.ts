import type { Kysely } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import type { CompanyAccess } from '../../api/access/membership.ts';
import { createLeaveService } from '../../api/leave/service.ts';
import { createRegularizationService } from '../../api/regularization/service.ts';
import type { LeaveType } from '../../domain/leave/events.ts';
import { companySettings, type SettingsCommand } from '../../domain/settings/company-settings.ts';
import { companySettingsStream } from '../../domain/settings/events.ts';
import { localDay } from '../../domain/time-tracking/local-days.ts';
import { handleCommand } from '../../eventstore/command-handler.ts';
import type { EventMetadata, EventStore } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import type { DemoReadModels } from './read-models.ts';
import { COMPANY_ZONE, type DemoPerson, type DemoRole, type TeamName, TODAY } from './roster.ts';

/** The settings the founder gives the company: the spec's usual day, and the paid leave days of each year. */
export const DAILY_THRESHOLD_HOURS = 8;
export const PAID_LEAVE_DAYS = 18;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A day of leave someone took in the history: their schedule leaves it free. */
export interface PlannedLeave {
  date: string;
  type: LeaveType;
}

/** The kinds of the history's leave, in turn: mostly paid. */
const TAKEN: readonly LeaveType[] = ['Paid Leave', 'Sick Leave', 'Paid Leave', 'Casual Leave'];
/** What people write when they ask for each kind (an empty comment is 'No Comment'), and what the answer says. */
const SAYING: Record<LeaveType, string> = { 'Paid Leave': 'Family function', 'Sick Leave': 'Doctor’s appointment', 'Casual Leave': '' };
const ANSWER: Record<LeaveType, string> = { 'Paid Leave': 'Enjoy the day off', 'Sick Leave': 'Get well soon', 'Casual Leave': '' };

/**
 * Who takes a day of leave, by roster index: every other person but the
 * founder, on a weekday before today chosen from the run's seed; and those
 * on leave today (roster.ts TODAY), today.
 */
export function planLeave(people: readonly DemoPerson[], { from, today, seed }: { from: Temporal.PlainDate; today: Temporal.PlainDate; seed: number }): Map<number, PlannedLeave> {
  const weekdays: string[] = [];
  for (let date = from.add({ days: 1 }); Temporal.PlainDate.compare(date, today) < 0; date = date.add({ days: 1 })) {
    if (date.dayOfWeek <= 5) weekdays.push(date.toString());
  }
  const leave = new Map<number, PlannedLeave>();
  for (const [index, state] of TODAY.slice(0, people.length).entries()) if (state === 'leave') leave.set(index, { date: today.toString(), type: 'Paid Leave' });
  if (weekdays.length === 0) return leave;
  for (let index = 1; index < people.length; index += 2) {
    leave.set(index, { date: weekdays[(index * 7 + seed) % weekdays.length], type: TAKEN[Math.floor(index / 2) % TAKEN.length] });
  }
  return leave;
}

export interface DemoMember extends DemoPerson {
  userId: string;
  email: string;
}

/** A task a member tracks time on, and the team the time goes to. */
export interface MemberTask {
  taskId: string;
  projectId: string;
  teamId: string;
}

export interface DemoRequestsContext {
  store: EventStore;
  db: Kysely<Database>;
  readModels: DemoReadModels;
  companyId: string;
  teamIds: ReadonlyMap<TeamName, string>;
  founder: DemoMember;
  members: readonly DemoMember[];
  accesses: ReadonlyMap<string, CompanyAccess>;
  /** The services' clock, set to each moment the demo acts at. */
  clock: { at: number; now: () => Date };
  metadata: (userId: string) => EventMetadata;
}

const RANK: Record<DemoRole, number> = { Admin: 0, Head: 1, Manager: 2, Member: 3 };

/**
 * Whom a person asks (management §6): a Manager of one of the teams, else a
 * Head, above them in rank; else the founder, an Admin.
 */
function deciderOf(context: DemoRequestsContext, person: DemoMember, teams: readonly TeamName[]): DemoMember {
  for (const role of ['Manager', 'Head'] as const) {
    if (RANK[role] >= RANK[person.role]) continue;
    const found = context.members.find((other) => other.role === role && other !== person && other.teams.some((team) => teams.includes(team)));
    if (found) return found;
  }
  return context.founder;
}

const yearAt = (at: number) => Number(localDay(new Date(at).toISOString(), COMPANY_ZONE).slice(0, 4));
const weekday = (day: string) => Temporal.PlainDate.from(day).dayOfWeek <= 5;
/** A moment of a person's local day, minutes after its midnight. */
const momentOf = (date: string, zone: string, minutes: number) =>
  Temporal.PlainDate.from(date).toPlainDateTime({ hour: 0 }).add({ minutes }).toZonedDateTime(zone).epochMilliseconds;

/**
 * The company's settings as the founder sets them on /manage-settings: the
 * daily threshold, and the paid leave policy of each year given (setting
 * what is already set writes nothing).
 */
export function companySettingsWriter(context: DemoRequestsContext) {
  const { store, companyId, founder, clock, readModels } = context;
  const set = async (command: SettingsCommand) => {
    const { position } = await handleCommand(
      store,
      companySettingsStream(companyId),
      companySettings,
      command,
      { now: clock.now(), currentYear: yearAt(clock.at), today: localDay(new Date(clock.at).toISOString(), COMPANY_ZONE) },
      { ...context.metadata(founder.userId), companyId },
    );
    readModels.wrote(position);
  };
  const by = () => ({ companyId, actor: context.accesses.get(founder.userId)!.actor, actorName: founder.name });
  return {
    threshold: () => set({ type: 'SetDailyThreshold', hours: DAILY_THRESHOLD_HOURS, ...by() }),
    screenshots: () => set({ type: 'SetScreenshots', enabled: true, ...by() }),
    async policies(years: Iterable<number>) {
      for (const year of new Set(years)) await set({ type: 'SetLeavePolicy', year, paidLeaveDays: PAID_LEAVE_DAYS, ...by() });
    },
  };
}

/**
 * The history's leave, each asked for a week ahead (or when the company
 * began) and approved two hours later by the person asked; then two requests
 * for next week, pending.
 */
export async function writeLeave(context: DemoRequestsContext, leave: ReadonlyMap<number, PlannedLeave>, { since, until }: { since: number; until: number }) {
  const { store, db, clock, readModels, members } = context;
  const service = createLeaveService({ store, db, now: clock.now });
  const ask = async (person: DemoMember, { date, type }: PlannedLeave, comment: string) => {
    const assignee = deciderOf(context, person, person.teams);
    const form = { leaveDate: date, type, comment, assigneeId: assignee.userId };
    const { requestId, position } = await service.request(context.accesses.get(person.userId)!, form, person.zone, context.metadata(person.userId));
    readModels.wrote(position);
    return { requestId, assignee };
  };

  await readModels.includeWritten();
  const asked = [];
  for (const [index, planned] of leave) {
    const person = members[index];
    clock.at = Math.max(since, momentOf(planned.date, person.zone, 11 * 60) - 7 * DAY);
    asked.push({ at: clock.at, type: planned.type, ...(await ask(person, planned, SAYING[planned.type])) });
  }
  await readModels.includeWritten();
  for (const { at, type, requestId, assignee } of asked) {
    clock.at = at + 2 * HOUR;
    readModels.wrote(await service.process(context.accesses.get(assignee.userId)!, requestId, 'ApproveLeave', ANSWER[type], context.metadata(assignee.userId)));
  }

  clock.at = until;
  const waiting = members.filter((person) => person.role !== 'Admin').slice(-2);
  const nextWeek = Temporal.Instant.fromEpochMilliseconds(until).toZonedDateTimeISO(COMPANY_ZONE).toPlainDate().add({ days: 7 });
  const monday = nextWeek.subtract({ days: nextWeek.dayOfWeek - 1 });
  const pending: PlannedLeave[] = [
    { date: monday.add({ days: 4 }).toString(), type: 'Paid Leave' },
    { date: monday.add({ days: 1 }).toString(), type: 'Casual Leave' },
  ];
  await companySettingsWriter(context).policies(pending.map(({ date }) => Number(date.slice(0, 4))));
  await readModels.includeWritten();
  for (const [index, person] of waiting.entries()) await ask(person, pending[index], index === 0 ? 'Long weekend with family' : '');
  return waiting.length;
}

/** The history's regularizations, in turn by the Members: three approved, one declined, one waiting. */
const REGULARIZATIONS = [
  { daysBack: 26, answer: 'ApproveRegularization', details: 'Client call before the timer was started' },
  { daysBack: 19, answer: 'ApproveRegularization', details: 'Release checklist, tracker was off' },
  { daysBack: 15, answer: 'DeclineRegularization', details: 'Reading up on the new design system' },
  { daysBack: 9, answer: 'ApproveRegularization', details: 'Interview panel, tracked on paper' },
  { daysBack: 1, answer: null, details: 'Early standup with the Berlin team' },
] as const;
/** Before anyone's first session of a workday (8:30 at the earliest). */
const EARLY_START = 7 * 60 + 30;
const EARLY_MINUTES = 45;

/**
 * Time people could not track, asked for the morning after, each an early
 * hour of one of their weekdays at work (`workdays`: their local days with
 * sessions, latest first), on their first task; processed three hours later
 * by the person asked, but the last one, still waiting. The Members ask in
 * turn, one team after another.
 */
export async function writeRegularizations(
  context: DemoRequestsContext,
  { workdays, taskOf, until }: { workdays: (person: DemoMember) => readonly string[]; taskOf: (person: DemoMember) => MemberTask | undefined; until: number },
) {
  const { store, db, clock, readModels } = context;
  const service = createRegularizationService({ store, db, now: clock.now });
  const teamName = new Map([...context.teamIds].map(([name, id]) => [id, name]));
  const teams = [...context.teamIds.keys()].map((team) => context.members.filter((person) => person.role === 'Member' && person.teams[0] === team && taskOf(person)));
  const turns = Math.max(0, ...teams.map((members) => members.length));
  const requesters = Array.from({ length: turns }, (_, turn) => teams.flatMap((members) => members.slice(turn, turn + 1))).flat();
  const today = Temporal.Instant.fromEpochMilliseconds(until).toZonedDateTimeISO(COMPANY_ZONE).toPlainDate();
  const used = new Set<string>();

  await readModels.includeWritten();
  const asked = [];
  for (const [index, { daysBack, answer, details }] of REGULARIZATIONS.entries()) {
    const person = requesters[index % requesters.length];
    if (!person) break;
    const latest = today.subtract({ days: daysBack }).toString();
    const free = workdays(person).filter((day) => day < today.toString() && weekday(day) && !used.has(`${person.userId}:${day}`));
    const date = free.find((day) => day <= latest) ?? free.at(-1);
    if (!date) continue;
    used.add(`${person.userId}:${date}`);
    const task = taskOf(person)!;
    const assignee = deciderOf(context, person, [teamName.get(task.teamId)!]);
    clock.at = Math.min(until, momentOf(date, person.zone, 24 * 60 + 10 * 60));
    const form = {
      date,
      startHours: Math.floor(EARLY_START / 60),
      startMinutes: EARLY_START % 60,
      durationHours: 0,
      durationMinutes: EARLY_MINUTES,
      projectId: task.projectId,
      taskId: task.taskId,
      taskDetails: details,
      assigneeId: assignee.userId,
      timeZone: person.zone,
    };
    const { requestId, position } = await service.submit(context.accesses.get(person.userId)!, task.teamId, form, context.metadata(person.userId));
    readModels.wrote(position);
    if (answer) asked.push({ at: clock.at, requestId, assignee, answer });
  }

  await readModels.includeWritten();
  for (const { at, requestId, assignee, answer } of asked) {
    clock.at = Math.min(until, at + 3 * HOUR);
    const comment = answer === 'ApproveRegularization' ? '' : 'Please log reading time on the research task';
    readModels.wrote(await service.process(context.accesses.get(assignee.userId)!, requestId, answer, comment, context.metadata(assignee.userId)));
  }
  return used.size;
}
