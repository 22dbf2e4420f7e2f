import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../domain/events.ts';
import type { TimelogEntry } from '../../domain/time-tracking/events.ts';
import { parsePosition } from '../../eventstore/types.ts';
import { readAllSettled, useTestDatabase } from '../../tests/support/test-database.ts';
import { rebuildProjection } from '../rebuild.ts';
import { activityLogProjection } from './activity-log.ts';
import { activityLog } from './queries.ts';

const companyId = randomUUID();
const ada = { userId: randomUUID(), name: 'Ada Admin' };
const max = { userId: randomUUID(), name: 'Max Manager' };
const ana = { userId: randomUUID(), name: 'Ana Apollo' };
const apollo = randomUUID();
const website = randomUUID();
const leave = randomUUID();
const regularization = randomUUID();
const session = randomUUID();
const week = { companyId, userId: ana.userId, start: '2026-03-02', end: '2026-03-08' };
const minute = (n: number) => new Date(Date.UTC(2026, 2, 10, 4, n)).toISOString();

const task = { teamId: apollo, projectId: website, projectName: 'Website', taskId: 'WE-1', taskName: 'Write the docs', taskDetails: '' };
const timer = { companyId, userId: ana.userId, ...task, sessionId: session, source: 'web' as const, timeZone: 'Asia/Kolkata', startedAt: minute(30) };
const entry = (seconds: number): TimelogEntry => ({ day: '2026-03-10', start: minute(30), end: new Date(Date.parse(minute(30)) + seconds * 1000).toISOString(), seconds, idleMinutes: 0, splitIndex: 0, totalSplits: 1 });
const regularizationFields = {
  date: '2026-03-09',
  startMinute: 540,
  durationMinutes: 90,
  timeZone: 'Asia/Kolkata',
  start: '2026-03-09T03:30:00.000Z',
  end: '2026-03-09T05:00:00.000Z',
  ...task,
  assignee: max,
};

/** A company's first days, each event with who caused it; the expected sentence beside it. */
const story: [StoredEvent, { userId?: string }, string, string][] = [
  [
    {
      type: 'CompanyCreated',
      data: {
        companyId,
        name: 'Acme',
        location: { country: 'India', code: 'IN' },
        timeZone: 'Asia/Kolkata',
        workingHours: { start: '09:00', end: '18:00' },
        createdBy: { ...ada, email: 'ada@acme.test' },
        trialEndsAt: minute(0),
      },
    },
    ada,
    'settings',
    'Ada Admin created the company Acme',
  ],
  // Written before joinedAt was kept: its recorded time stands.
  [{ type: 'MemberJoined', data: { companyId, userId: ada.userId, name: ada.name, email: 'ada@acme.test' } }, ada, 'members', 'Ada Admin joined the company'],
  [{ type: 'AdminGranted', data: { companyId, userId: ada.userId } }, ada, 'members', 'Ada Admin became an Admin'],
  [{ type: 'TeamCreated', data: { companyId, teamId: apollo, name: 'Apollo', createdBy: ada.userId } }, ada, 'teams', 'Ada Admin created team Apollo'],
  [
    {
      type: 'InviteSent',
      data: {
        inviteId: randomUUID(),
        companyId,
        companyName: 'Acme',
        email: 'max@acme.test',
        role: 'Manager',
        teamId: apollo,
        teamName: 'Apollo',
        projects: [],
        invitedBy: { ...ada, email: 'ada@acme.test' },
        tokenHash: 'a'.repeat(64),
        expiresAt: minute(5),
        sentAt: minute(2),
        replacing: null,
      },
    },
    ada,
    'members',
    'Ada Admin invited max@acme.test to join as Manager of Apollo',
  ],
  // Written before the outbox: it names nobody who sent it.
  [
    { type: 'InviteRoleChanged', data: { inviteId: randomUUID(), companyId, email: 'max@acme.test', role: 'Head', tokenHash: 'b'.repeat(64), expiresAt: minute(9) } },
    ada,
    'members',
    'Ada Admin changed the invitation of max@acme.test to Head',
  ],
  [{ type: 'MemberJoined', data: { companyId, userId: max.userId, name: max.name, email: 'max@acme.test', joinedAt: minute(3) } }, max, 'members', 'Max Manager joined the company'],
  [{ type: 'TeamRoleGranted', data: { companyId, userId: max.userId, teamId: apollo, role: 'Manager' } }, max, 'members', 'Max Manager joined Apollo as a Manager'],
  [{ type: 'MemberJoined', data: { companyId, userId: ana.userId, name: 'Ana', email: 'ana@acme.test', joinedAt: minute(4) } }, ana, 'members', 'Ana joined the company'],
  [{ type: 'TeamRoleGranted', data: { companyId, userId: ana.userId, teamId: apollo, role: 'Member' } }, ada, 'members', 'Ada Admin made Ana a Member of Apollo'],
  [{ type: 'MemberDetailsEdited', data: { companyId, userId: ana.userId, name: ana.name, hourlyRate: 20 } }, ada, 'members', 'Ada Admin renamed Ana to Ana Apollo'],
  [{ type: 'ProjectCreated', data: { companyId, projectId: website, name: 'Web', prefix: 'WE', createdBy: ada } }, ada, 'projects', 'Ada Admin created project Web'],
  [{ type: 'ProjectRenamed', data: { companyId, projectId: website, name: 'Website', by: ada } }, ada, 'projects', 'Ada Admin renamed project Web to Website'],
  [
    {
      type: 'TaskCreated',
      data: { companyId, taskId: 'WE-1', by: max, title: 'Write docs', description: '<p>All of them</p>', status: 'TO DO', priority: 'P2', eta: null, assigneeId: max.userId, projectId: website, number: 1 },
    },
    max,
    'tasks',
    'Max Manager created task WE-1 Write docs for Max Manager',
  ],
  [{ type: 'TaskFieldChanged', data: { companyId, taskId: 'WE-1', by: max, field: 'title', from: 'Write docs', to: 'Write the docs' } }, max, 'tasks', 'Max Manager renamed task WE-1 Write docs to Write the docs'],
  [
    { type: 'TaskFieldChanged', data: { companyId, taskId: 'WE-1', by: max, field: 'assigneeId', from: max.userId, to: ana.userId } },
    max,
    'tasks',
    'Max Manager assigned WE-1 Write the docs to Ana Apollo',
  ],
  [
    { type: 'TaskFieldChanged', data: { companyId, taskId: 'WE-1', by: max, field: 'status', from: 'TO DO', to: 'IN PROGRESS' } },
    max,
    'tasks',
    'Max Manager changed the status of WE-1 Write the docs from TO DO to IN PROGRESS',
  ],
  [{ type: 'TaskFieldChanged', data: { companyId, taskId: 'WE-1', by: max, field: 'eta', from: null, to: '2026-12-03' } }, max, 'tasks', 'Max Manager set the ETA of WE-1 Write the docs to 3 Dec 2026'],
  [{ type: 'TaskCommentAdded', data: { companyId, taskId: 'WE-1', by: ana, commentId: randomUUID(), html: '<p>On it</p>', text: 'On it' } }, ana, 'tasks', 'Ana Apollo commented on WE-1 Write the docs'],
  [{ type: 'PunchedIn', data: { companyId, userId: ana.userId, at: minute(29), timeZone: 'Asia/Kolkata', day: '2026-03-10' } }, ana, 'attendance', 'Ana Apollo punched in'],
  [{ type: 'TimerStarted', data: timer }, ana, 'timer', 'Ana Apollo started their timer on WE-1 Write the docs (Website)'],
  [
    { type: 'TimerStopped', data: { ...timer, stoppedAt: minute(110), entries: [entry(4800)] } },
    ana,
    'timer',
    'Ana Apollo stopped their timer on WE-1 Write the docs (Website) after 1h 20m',
  ],
  [{ type: 'TimerCancelled', data: { companyId, userId: ana.userId, sessionId: randomUUID(), cancelledAt: minute(115) } }, ana, 'timer', 'Ana Apollo cancelled their running timer'],
  [
    { type: 'TimerAbandoned', data: { ...timer, startedAt: minute(120), endedAt: minute(121), lastHeartbeatAt: minute(121), entries: [entry(45)] } },
    ana,
    'timer',
    "Timeledger stopped Ana Apollo's timer on WE-1 Write the docs (Website) when its heartbeats stopped, after 45s",
  ],
  [{ type: 'PunchedOut', data: { companyId, userId: ana.userId, at: minute(130), timeZone: 'Asia/Kolkata', day: '2026-03-10' } }, ana, 'attendance', 'Ana Apollo punched out'],
  [
    {
      type: 'LeaveRequested',
      data: { companyId, userId: ana.userId, requestId: leave, by: ana, leaveDate: '2026-12-03', type: 'Paid Leave', comment: 'Trip', assignee: max },
    },
    ana,
    'requests',
    'Ana Apollo asked Max Manager for Paid Leave on 3 Dec 2026',
  ],
  [
    { type: 'LeaveApproved', data: { companyId, userId: ana.userId, requestId: leave, by: ada, comment: 'Enjoy', leaveDate: '2026-12-03', type: 'Paid Leave' } },
    ada,
    'requests',
    "Ada Admin approved Ana Apollo's leave for 3 Dec 2026",
  ],
  [
    { type: 'RegularizationRequested', data: { companyId, userId: ana.userId, requestId: regularization, by: ana, ...regularizationFields } },
    ana,
    'requests',
    'Ana Apollo asked Max Manager to regularize 1h 30m on 9 Mar 2026 (WE-1 Write the docs)',
  ],
  [
    { type: 'RegularizationReassigned', data: { companyId, userId: ana.userId, requestId: regularization, from: max, to: ada } },
    ada,
    'requests',
    "Timeledger moved Ana Apollo's regularization request for 9 Mar 2026 from Max Manager to Ada Admin",
  ],
  [
    { type: 'RegularizationDeclined', data: { companyId, userId: ana.userId, requestId: regularization, by: ada, comment: 'No' } },
    ada,
    'requests',
    "Ada Admin declined Ana Apollo's regularization for 9 Mar 2026",
  ],
  [{ type: 'TimesheetSubmitted', data: { ...week, by: ana, at: minute(130), note: '', approver: max } }, ana, 'timesheets', 'Ana Apollo submitted their timesheet for 2 Mar – 8 Mar 2026 to Max Manager'],
  [{ type: 'TimesheetRejected', data: { ...week, by: max, at: minute(131), reason: 'Friday is missing' } }, max, 'timesheets', "Max Manager rejected Ana Apollo's timesheet for 2 Mar – 8 Mar 2026: Friday is missing"],
  [{ type: 'TimesheetReassigned', data: { companyId, userId: ana.userId, start: week.start, from: max, to: ada, at: minute(132) } }, ada, 'timesheets', "Timeledger moved Ana Apollo's timesheet starting 2 Mar 2026 from Max Manager to Ada Admin"],
  [
    { type: 'TimesheetApproved', data: { ...week, by: ada, at: minute(133), totals: { trackedMinutes: 2280, manualMinutes: 60, idleMinutes: 10, earningsCents: 0 } } },
    ada,
    'timesheets',
    "Ada Admin approved Ana Apollo's timesheet for 2 Mar – 8 Mar 2026 (38h tracked)",
  ],
  [{ type: 'TimesheetReopened', data: { ...week, by: ada, at: minute(134), reason: 'Payroll correction' } }, ada, 'timesheets', "Ada Admin reopened Ana Apollo's timesheet for 2 Mar – 8 Mar 2026: Payroll correction"],
  // Not told: the lock's own notes.
  [{ type: 'TimesheetTimeChanged', data: { companyId, userId: ana.userId, start: week.start, days: ['2026-03-04'], change: 'timer', at: minute(135) } }, ana, '', ''],
  [{ type: 'DailyThresholdSet', data: { companyId, by: ada, at: minute(140), minutes: 480 } }, ada, 'settings', 'Ada Admin set the daily threshold to 8h'],
  [{ type: 'ScreenshotsSet', data: { companyId, by: ada, at: minute(141), enabled: true } }, ada, 'settings', 'Ada Admin turned screenshots on'],
  [{ type: 'LeavePolicySet', data: { companyId, by: ada, at: minute(142), year: 2026, paidLeaveDays: 18 } }, ada, 'settings', 'Ada Admin set paid leave for 2026 to 18 days'],
  [{ type: 'ScreenshotRetentionSet', data: { companyId, by: ada, at: minute(142), days: 30 } }, ada, 'settings', 'Ada Admin set screenshots to be kept for 30 days'],
  [{ type: 'ScreenshotRetentionSet', data: { companyId, by: ada, at: minute(142), days: null } }, ada, 'settings', 'Ada Admin set screenshots to be kept until deleted'],
  [{ type: 'TimesheetRemindersSet', data: { companyId, by: ada, at: minute(142), days: 3 } }, ada, 'settings', 'Ada Admin set timesheet reminders to go out 3 days after a period ends'],
  [{ type: 'TimesheetRemindersSet', data: { companyId, by: ada, at: minute(142), days: 0 } }, ada, 'settings', 'Ada Admin set timesheet reminders to go out the day after a period ends'],
  [{ type: 'TimesheetRemindersSet', data: { companyId, by: ada, at: minute(142), days: null } }, ada, 'settings', 'Ada Admin turned timesheet reminders off'],
  [
    { type: 'ScreenshotDeleted', data: { companyId, userId: ana.userId, screenshotId: randomUUID(), by: ana, at: minute(143) } },
    ana,
    'screenshots',
    'Ana Apollo deleted their screenshot',
  ],
  // Not told: the retention period's removals, one a screenshot, would bury everything else (the gallery shows them).
  [{ type: 'ScreenshotExpired', data: { companyId, userId: ana.userId, screenshotId: randomUUID(), retentionDays: 90, at: minute(144) } }, ana, '', ''],
  [{ type: 'TaskDeleted', data: { companyId, taskId: 'WE-1', by: max } }, max, 'tasks', 'Max Manager deleted task WE-1 Write the docs'],
  [{ type: 'TeamRoleRevoked', data: { companyId, userId: ana.userId, teamId: apollo } }, ada, 'members', 'Ada Admin removed Ana Apollo from Apollo'],
  [{ type: 'MemberRemoved', data: { companyId, userId: ana.userId, removedAt: minute(150), removedBy: ada.userId } }, ada, 'members', 'Ada Admin removed Ana Apollo from the company'],
  // Not told: the log's own bookkeeping.
  [{ type: 'TaskNumberTaken', data: { companyId, prefix: 'WE', number: 1, projectId: website } }, max, '', ''],
];

describe('the activity log', () => {
  const database = useTestDatabase();

  /** The stored rows, in log order, without the columns of where the log keeps them. */
  const rows = () =>
    database.db
      .selectFrom('activity_log')
      .select(['event_id', 'at', 'kind', 'actor_user_id', 'actor_name', 'subject_user_id', 'sentence'])
      .where('company_id', '=', companyId)
      .orderBy('commit_position')
      .orderBy('prepare_position')
      .execute();
  const clear = async () => {
    await database.db.deleteFrom('activity_log').execute();
    await database.db.deleteFrom('activity_log_names').execute();
  };
  const applyInBatches = async (size: number) => {
    const events = await readAllSettled(database, 1000);
    for (let start = 0; start < events.length; start += size) {
      await database.db.transaction().execute((trx) => activityLogProjection.apply(trx, events.slice(start, start + size).filter((event) => activityLogProjection.handles.includes(event.type))));
    }
  };

  it('tells each event in the product’s words, as it happened, by whom and about whom', async () => {
    for (const [event, caller] of story) {
      await database.store.append(`story-${companyId}`, [{ eventId: randomUUID(), type: event.type, data: event.data, metadata: { correlationId: 'test', ...caller } }], 'any');
    }
    await applyInBatches(1000);
    const told = await rows();
    expect(told.map((row) => [row.kind, row.sentence])).toEqual(story.filter(([, , kind]) => kind).map(([, , kind, sentence]) => [kind, sentence]));

    const [created, founderJoined] = told;
    const recorded = await database.store.readAll(null, 2);
    // The event's own time when it has one, else when it was recorded.
    expect(created.at).toEqual(new Date(recorded[0].recordedAt));
    expect(founderJoined.at).toEqual(new Date(recorded[1].recordedAt));
    expect(told.find((row) => row.sentence === 'Ana Apollo punched in')?.at).toEqual(new Date(minute(29)));

    // The actor and the person concerned.
    const approved = told.find((row) => row.sentence.startsWith('Ada Admin approved'))!;
    expect([approved.actor_user_id, approved.actor_name, approved.subject_user_id]).toEqual([ada.userId, 'Ada Admin', ana.userId]);
    const assigned = told.find((row) => row.sentence.startsWith('Max Manager assigned'))!;
    expect([assigned.actor_user_id, assigned.subject_user_id]).toEqual([max.userId, ana.userId]);
    const renamed = told.find((row) => row.sentence.startsWith('Ada Admin renamed project'))!;
    expect(renamed.subject_user_id).toBeNull();
  });

  it('tells the same whether the events come in one batch or one by one, and rebuilt from the log', async () => {
    const inOneBatch = await rows();
    await clear();
    await applyInBatches(1);
    expect(await rows()).toEqual(inOneBatch);
    await clear();
    await applyInBatches(7);
    expect(await rows()).toEqual(inOneBatch);

    await rebuildProjection(database.db, database.store, activityLogProjection);
    expect(await rows()).toEqual(inOneBatch);
  });

  it('pages newest first, and shows each viewer what they may see', async () => {
    const all = await activityLog(database.db, companyId, { userId: ada.userId, people: null }, {}, 10);
    expect(all.entries).toHaveLength(10);
    expect(all.entries[0].sentence).toBe('Ada Admin removed Ana Apollo from the company');
    const second = await activityLog(database.db, companyId, { userId: ada.userId, people: null }, { before: parsePosition(all.next!)! }, 10);
    expect(second.entries[0].sentence).toBe((await rows()).at(-11)!.sentence);

    const anasTimer = await activityLog(database.db, companyId, { userId: ana.userId, people: [ana.userId] }, { kind: 'timer' });
    expect(anasTimer.entries.map((entry) => entry.sentence)).toHaveLength(4);
    expect(anasTimer.next).toBeNull();

    // Max sees what he did and what concerns himself, not Ana's, when she is not one of his people.
    const maxs = await activityLog(database.db, companyId, { userId: max.userId, people: [max.userId] }, {});
    expect(maxs.entries.every((entry) => entry.actor.userId === max.userId || entry.subjectUserId === max.userId)).toBe(true);
    expect(maxs.entries.some((entry) => entry.sentence.includes('punched'))).toBe(false);
  });
});
