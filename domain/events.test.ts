import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { eventSchemas, type StoredEvent } from './events.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const userId = '00000000-0000-4000-8000-000000000001';
const teamId = '00000000-0000-4000-8000-0000000000a1';
const projectId = '00000000-0000-4000-8000-0000000000b1';
const sessionId = '2f1d4c1e-52a8-8e1b-9a4d-7c9b2f3e4a5d';
const inviteId = '00000000-0000-4000-8000-0000000000d1';
const tokenHash = 'a'.repeat(64);
const passwordHash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';
const at = '2026-03-10T04:00:00.000Z';
const ada = { userId, name: 'Ada Lovelace', email: 'ada@example.com' };
const by = { userId, name: 'Ada Lovelace' };
const taskRef = { taskId: 'WA-12', companyId, by };
const leaveRef = { companyId, userId, requestId: inviteId, by };
const leaveFields = { leaveDate: '2026-03-12', type: 'Paid Leave' as const, comment: 'No Comment', assignee: { userId: teamId, name: 'Max Manager' } };
const regularizationRef = { companyId, userId, requestId: sessionId, by };
const regularizationFields = {
  date: '2026-03-10',
  startMinute: 570,
  durationMinutes: 90,
  timeZone: 'Asia/Kolkata',
  start: '2026-03-10T04:00:00Z',
  end: '2026-03-10T05:30:00Z',
  teamId,
  projectId,
  projectName: 'Apollo',
  taskId: 'AP-1',
  taskName: 'Design',
  taskDetails: 'Sketch the landing page',
  assignee: { userId: teamId, name: 'Max Manager' },
};
const timesheetRef = { companyId, userId, start: '2026-03-09', end: '2026-03-15', by, at };
const timerTask = { teamId, projectId, projectName: 'Apollo', taskId: 'AP-1', taskName: 'Design', taskDetails: 'Sketch the landing page' };
const session = { companyId, userId, ...timerTask, sessionId, source: 'web' as const, timeZone: 'Asia/Kolkata', startedAt: at };
const entries = [
  { day: '2026-03-10', start: '2026-03-10T04:00:00Z', end: '2026-03-10T18:30:00Z', seconds: 52_200, idleMinutes: 3, splitIndex: 0, totalSplits: 2 },
  { day: '2026-03-11', start: '2026-03-10T18:30:00Z', end: '2026-03-10T18:45:12.345Z', seconds: 912.345, idleMinutes: 0, splitIndex: 1, totalSplits: 2 },
];

/** A valid event of every type, as the deciders write them. */
const samples: { [E in StoredEvent as E['type']]: E['data'] } = {
  AccountRegistered: { userId, email: 'ada@example.com', fullName: 'Ada Lovelace', passwordHash, verification: { tokenHash, expiresAt: at } },
  EmailVerificationIssued: { tokenHash, expiresAt: at },
  EmailVerified: { userId, verifiedAt: at },
  PasswordResetRequested: { tokenHash, expiresAt: at },
  PasswordReset: { userId, passwordHash, tokenHash, resetAt: at },
  ProfileRenamed: { userId, fullName: 'Ada King' },
  ApiTokenCreated: { userId, tokenId: inviteId, name: 'CI', tokenHash, createdAt: at },
  ApiTokenRevoked: { userId, tokenId: inviteId, revokedAt: at },
  SessionStarted: { userId, sessionId, startedAt: at, expiresAt: at },
  SessionEnded: { userId, sessionId, endedAt: at },
  AllSessionsEnded: { userId, sessionIds: [sessionId], reason: 'password-reset', endedAt: at },
  EmailReserved: { email: 'ada@example.com', userId },
  CompanyCreated: {
    companyId,
    name: 'Analytical Engines',
    location: { country: 'India', code: 'IN' },
    timeZone: 'Asia/Kolkata',
    workingHours: { start: '09:00', end: '18:00' },
    createdBy: ada,
    trialEndsAt: at,
  },
  SubscriptionStatusSet: { companyId, status: 'active', trialEndsAt: null },
  StripeCustomerLinked: { companyId, customerId: 'cus_T1' },
  SubscriptionUpdated: {
    companyId,
    stripeEventId: 'evt_1',
    occurredAt: at,
    subscriptionId: 'sub_1',
    customerId: 'cus_T1',
    stripeStatus: 'active',
    plan: 'grow',
    cycle: 'monthly',
    currentPeriodEnd: at,
    cancelAtPeriodEnd: false,
  },
  InvoiceRecorded: {
    companyId,
    stripeEventId: 'evt_2',
    occurredAt: at,
    invoiceId: 'in_1',
    invoiceNumber: 'TL-0001',
    createdAt: at,
    amount: 7900,
    currency: 'usd',
    plan: 'grow',
    status: 'paid',
    periodStart: at,
    periodEnd: at,
    hostedInvoiceUrl: 'https://invoice.stripe.com/i/acct_1/test',
    payment: 'succeeded',
    nextPaymentAttempt: null,
  },
  CompanyNameClaimed: { companyId, name: 'Analytical Engines' },
  MemberJoined: { companyId, userId, name: 'Ada Lovelace', email: 'ada@example.com' },
  AdminGranted: { companyId, userId },
  TeamRoleGranted: { companyId, userId, teamId, role: 'Manager' },
  TeamRoleRevoked: { companyId, userId, teamId },
  ClientProjectGranted: { companyId, userId, projectId },
  MemberDetailsEdited: { companyId, userId, name: 'Ada', hourlyRate: 42.5 },
  MemberRemoved: { companyId, userId, removedAt: at, removedBy: teamId },
  TeamCreated: { teamId, companyId, name: 'Apollo', createdBy: userId },
  TeamRenamed: { teamId, companyId, name: 'Gemini' },
  TeamDeleted: { teamId, companyId, deletedBy: userId },
  InviteSent: {
    inviteId,
    companyId,
    companyName: 'Analytical Engines',
    email: 'grace@example.com',
    role: 'Client',
    teamId: null,
    teamName: null,
    projects: [{ projectId, name: 'Website' }],
    invitedBy: ada,
    tokenHash,
    expiresAt: at,
    sentAt: at,
    replacing: null,
  },
  InviteRoleChanged: { inviteId, companyId, email: 'grace@example.com', role: 'Head', tokenHash, expiresAt: at },
  InviteExpired: { inviteId, companyId, email: 'grace@example.com', reason: 'replaced' },
  InviteAccepted: { inviteId, companyId, email: 'grace@example.com', userId, acceptedAt: at },
  InviteDeclined: { inviteId, companyId, email: 'grace@example.com', declinedAt: at },
  SeatsReserved: { companyId, seats: [{ email: 'grace@example.com', inviteIds: [inviteId] }], at },
  ProjectCreated: { projectId, companyId, name: 'Website App', prefix: 'WA', createdBy: by },
  ProjectRenamed: { projectId, companyId, name: 'Website', by },
  ProjectDeleted: { projectId, companyId, by },
  TaskCreated: {
    ...taskRef,
    title: 'Landing page',
    description: '<p>Hero</p>',
    status: 'TO DO',
    priority: 'P2',
    eta: '2026-12-01',
    assigneeId: userId,
    projectId,
    number: 12,
  },
  TaskFieldChanged: { ...taskRef, field: 'eta', from: '2026-12-01', to: null },
  TaskDeleted: taskRef,
  TaskCommentAdded: { ...taskRef, commentId: inviteId, html: '<p>Looks good 👍</p>', text: 'Looks good 👍' },
  TaskCommentDeleted: { ...taskRef, commentId: inviteId },
  TaskNumberTaken: { companyId, prefix: 'WA', number: 12, projectId },
  TimerStarted: session,
  TimerStopped: { ...session, stoppedAt: '2026-03-10T18:45:12.345Z', entries },
  TimerAbandoned: { ...session, endedAt: '2026-03-10T04:00:30.000Z', lastHeartbeatAt: at, entries: [] },
  TimerCancelled: { companyId, userId, sessionId, cancelledAt: at },
  PunchedIn: { companyId, userId, at, timeZone: 'Asia/Kolkata', day: '2026-03-10' },
  PunchedOut: { companyId, userId, at, timeZone: 'Asia/Kolkata', day: '2026-03-10' },
  TimerHeartbeat: { companyId, userId, sessionId, at, idleMinutes: 2 },
  LeaveRequested: { ...leaveRef, ...leaveFields },
  LeaveRequestEdited: { ...leaveRef, from: leaveFields, to: { ...leaveFields, type: 'Sick Leave', comment: 'Flu' } },
  LeaveRequestDeleted: leaveRef,
  LeaveApproved: { ...leaveRef, by: { userId: teamId, name: 'Max Manager' }, comment: 'Enjoy', leaveDate: '2026-03-12', type: 'Paid Leave' },
  LeaveDeclined: { ...leaveRef, by: { userId: teamId, name: 'Max Manager' }, comment: 'No Comment', leaveDate: '2026-03-12', type: 'Paid Leave' },
  LeaveReassigned: { companyId, userId, requestId: inviteId, from: { userId: teamId, name: 'Max Manager' }, to: { userId: projectId, name: 'Hana Head' } },
  RegularizationRequested: { ...regularizationRef, ...regularizationFields },
  RegularizationEdited: { ...regularizationRef, from: regularizationFields, to: { ...regularizationFields, durationMinutes: 60, end: '2026-03-10T05:00:00Z' } },
  RegularizationDeleted: regularizationRef,
  RegularizationApproved: {
    ...regularizationRef,
    by: { userId: teamId, name: 'Max Manager' },
    comment: '',
    ...timerTask,
    timeZone: 'Asia/Kolkata',
    entries: [{ day: '2026-03-10', start: '2026-03-10T04:00:00Z', end: '2026-03-10T05:30:00Z', seconds: 5400, idleMinutes: 0, splitIndex: 0, totalSplits: 1 }],
  },
  RegularizationDeclined: { ...regularizationRef, by: { userId: teamId, name: 'Max Manager' }, comment: 'Not that day' },
  RegularizationReassigned: { companyId, userId, requestId: sessionId, from: { userId: teamId, name: 'Max Manager' }, to: { userId: projectId, name: 'Hana Head' } },
  DailyThresholdSet: { companyId, by, at, minutes: 450 },
  ScreenshotsSet: { companyId, by, at, enabled: true },
  ScreenshotRetentionSet: { companyId, by, at, days: 90 },
  ScreenshotTaken: {
    companyId,
    userId,
    screenshotId: inviteId,
    sessionId,
    teamId,
    takenAt: at,
    timeZone: 'Asia/Kolkata',
    application: 'Code',
    windowTitle: null,
    width: 1920,
    height: 1080,
    bytes: 52_000,
    thumbnailWidth: 320,
    thumbnailHeight: 180,
    upload: sessionId,
  },
  ScreenshotDeleted: { companyId, userId, screenshotId: inviteId, by, at },
  ScreenshotExpired: { companyId, userId, screenshotId: inviteId, retentionDays: 90, at },
  AppUsageRecorded: {
    companyId,
    userId,
    batchId: inviteId,
    sessionId,
    teamId,
    projectId,
    timeZone: 'Asia/Kolkata',
    samples: [{ application: 'Slack', windowTitle: null, start: at, seconds: 60, idle: false }],
  },
  AppCategorySet: { companyId, application: 'YouTube', category: 'unproductive', by, at },
  LeavePolicySet: { companyId, by, at, year: 2026, paidLeaveDays: 12 },
  TimesheetPeriodSet: { companyId, by, at, rule: { kind: 'biweekly', startDay: 7 }, from: '2026-03-16' },
  TimesheetRemindersSet: { companyId, by, at, days: 3 },
  TimesheetSubmitted: { ...timesheetRef, note: 'All in.', approver: { userId: teamId, name: 'Max Manager' } },
  TimesheetApproved: { ...timesheetRef, totals: { trackedMinutes: 60, manualMinutes: 0, idleMinutes: 1, earningsCents: 0 } },
  TimesheetRejected: { ...timesheetRef, reason: 'Friday is missing' },
  TimesheetReopened: { ...timesheetRef, reason: 'Payroll correction' },
  TimesheetReassigned: { companyId, userId, start: timesheetRef.start, from: timesheetRef.by, to: { userId: inviteId, name: 'Ada Admin' }, at },
  TimesheetTimeChanged: { companyId, userId, start: '2026-03-09', days: ['2026-03-10'], change: 'timer', at },
  TimesheetBalanceRecorded: { companyId, userId, start: '2026-03-09', days: [{ day: '2026-03-10', targetMinutes: 480, workedMinutes: 495 }] },
  MonitoringRequested: { companyId, companyName: 'Acme', userId, name: 'Ada Lovelace', email: 'ada@example.com', by, message: 'Please run the agent.', at },
  WorkingDaysSet: { companyId, by, at, days: [1, 2, 3, 4] },
  DailyTargetSet: { companyId, by, at, minutes: 450 },
  HolidayRegionSet: { companyId, by, at, region: 'BY' },
  CompanyHolidayAdded: { companyId, by, at, day: '2026-12-24', name: 'Christmas Eve' },
  CompanyHolidayRemoved: { companyId, by, at, day: '2026-12-24' },
  BalanceRulesSet: { companyId, by, at, carryOverCapMinutes: 2_400, overtimeExpiryMonths: 6, idleCounts: false },
  ContractSet: { companyId, userId, by, at, contract: { from: '2026-03-11', until: null, weekdayMinutes: [360, 360, 360, 360, 0, 0, 0] } },
  ContractRemoved: { companyId, userId, by, at, from: '2026-03-11' },
  PersonHolidayRegionSet: { companyId, userId, by, at, region: null },
  BalanceCorrected: { companyId, userId, by, at, day: '2026-03-10', minutes: -90, reason: 'Forgot to stop the timer' },
  OvertimePaidOut: { companyId, userId, by, at, day: '2026-03-31', minutes: 600, reason: 'Paid with March salary' },
};

const validators = new Map(Object.entries(eventSchemas).map(([type, schema]) => [type, Compile(schema)]));
const errorsOf = (type: keyof typeof eventSchemas, data: unknown) => validators.get(type)!.Errors(data).map((e) => e.instancePath);
const accepts = (type: keyof typeof eventSchemas, data: unknown) => validators.get(type)!.Check(data);

/** The event type names the domain declares, read from its source: `DomainEvent<'Name', ...>`. */
function declaredEventTypes(dir = import.meta.dirname): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return declaredEventTypes(file);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    return [...readFileSync(file, 'utf8').matchAll(/DomainEvent<\s*'(\w+)'/g)].map((match) => match[1]);
  });
}

describe('event schemas', () => {
  it('has a schema for every event type the domain declares, and none for any other', () => {
    const declared = declaredEventTypes();
    expect(declared.length).toBeGreaterThan(40);
    expect(Object.keys(eventSchemas).sort()).toEqual([...new Set(declared)].sort());
  });

  it.each(Object.entries(samples))('accepts a valid %s', (type, data) => {
    expect(errorsOf(type as keyof typeof samples, data)).toEqual([]);
  });

  it('bounds every string and keeps NUL and unpaired surrogates out of every free text', () => {
    const loose: string[] = [];
    const walk = (schema: TSchema, where: string) => {
      const s = schema as Record<string, unknown>;
      const fixed = 'const' in s || 'enum' in s;
      if (s.type === 'string' && !fixed) {
        const bounded = s.maxLength !== undefined || s.format === 'uuid' || s.format === 'date';
        const wellFormed = s.format !== undefined || (typeof s.pattern === 'string' && /^\^.*\$$/.test(s.pattern));
        if (!bounded || !wellFormed) loose.push(where);
      }
      if (s.type === 'array' && s.maxItems === undefined) loose.push(where);
      if (s.type === 'object' && s.additionalProperties !== false) loose.push(`${where} (open object)`);
      for (const [key, inner] of Object.entries((s.properties ?? {}) as Record<string, TSchema>)) walk(inner, `${where}.${key}`);
      if (s.items) walk(s.items as TSchema, `${where}[]`);
      for (const inner of (s.anyOf ?? []) as TSchema[]) walk(inner, where);
    };
    for (const [type, schema] of Object.entries(eventSchemas)) walk(schema, type);
    expect(loose).toEqual([]);
  });

  it('refuses a task field that does not exist', () => {
    expect(accepts('TaskFieldChanged', { ...samples.TaskFieldChanged, field: 'foo' })).toBe(false);
    expect(errorsOf('TaskFieldChanged', { ...samples.TaskFieldChanged, field: 'foo' })[0]).toBe('/field');
  });

  it('refuses a property the event does not have, also in nested objects and arrays', () => {
    expect(accepts('TeamRenamed', { ...samples.TeamRenamed, hacked: true })).toBe(false);
    expect(accepts('CompanyCreated', { ...samples.CompanyCreated, createdBy: { ...ada, isAdmin: true } })).toBe(false);
    expect(accepts('TimerStopped', { ...samples.TimerStopped, entries: [{ ...entries[0], approved: true }] })).toBe(false);
    expect(accepts('TimerStarted', { ...samples.TimerStarted, actor: { userId, role: 'Admin' } })).toBe(false);
  });

  it('refuses a missing property', () => {
    const { name: _name, ...nameless } = samples.ProjectCreated;
    expect(errorsOf('ProjectCreated', nameless)).not.toEqual([]);
  });

  it('refuses NUL characters and unpaired surrogates in text, and keeps characters outside the BMP', () => {
    expect(accepts('TeamRenamed', { ...samples.TeamRenamed, name: 'Apo\u0000llo' })).toBe(false);
    expect(accepts('TeamRenamed', { ...samples.TeamRenamed, name: 'Apollo \uD83D' })).toBe(false);
    expect(accepts('TeamRenamed', { ...samples.TeamRenamed, name: '\uDE80 Apollo' })).toBe(false);
    expect(accepts('TaskCommentAdded', { ...samples.TaskCommentAdded, html: '<p>\uDE80\uD83D</p>' })).toBe(false);
    expect(accepts('TeamRenamed', { ...samples.TeamRenamed, name: 'Apollo \uD83D\uDE80' })).toBe(true);
  });

  it('refuses values outside their kind: ids, instants, days, enums, numbers, lengths', () => {
    expect(accepts('TeamRenamed', { ...samples.TeamRenamed, teamId: 'team-1' })).toBe(false);
    expect(accepts('EmailVerified', { ...samples.EmailVerified, verifiedAt: '2026-03-10' })).toBe(false);
    expect(accepts('PunchedIn', { ...samples.PunchedIn, day: '2026-02-30' })).toBe(false);
    expect(accepts('TaskCreated', { ...samples.TaskCreated, status: 'WONTFIX' })).toBe(false);
    expect(accepts('TeamRoleGranted', { ...samples.TeamRoleGranted, role: 'Admin' })).toBe(false);
    expect(accepts('SubscriptionStatusSet', { ...samples.SubscriptionStatusSet, status: 'free' })).toBe(false);
    expect(accepts('TimerStarted', { ...samples.TimerStarted, source: 'mobile' })).toBe(false);
    expect(accepts('TimerHeartbeat', { ...samples.TimerHeartbeat, idleMinutes: 1.5 })).toBe(false);
    expect(accepts('MemberDetailsEdited', { ...samples.MemberDetailsEdited, hourlyRate: -1 })).toBe(false);
    expect(accepts('MemberDetailsEdited', { ...samples.MemberDetailsEdited, hourlyRate: '42' })).toBe(false);
    expect(accepts('TaskCreated', { ...samples.TaskCreated, taskId: 'wa-12' })).toBe(false);
    expect(accepts('AccountRegistered', { ...samples.AccountRegistered, passwordHash: 'Secret1!' })).toBe(false);
    expect(accepts('TeamRenamed', { ...samples.TeamRenamed, name: 'x'.repeat(1_001) })).toBe(false);
    expect(accepts('TaskCreated', { ...samples.TaskCreated, description: `<p>${'x'.repeat(999_994)}</p>` })).toBe(false);
  });
});
