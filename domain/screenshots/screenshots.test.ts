import { describe, expect, it } from 'vitest';
import type { Actor } from '../members/authorization.ts';
import { accessDenied } from '../members/roles.ts';
import { testActor } from '../members/test-actor.ts';
import { given } from '../shared/spec.ts';
import type { RunningSession } from '../time-tracking/tracker.ts';
import { type ScreenshotEvent, screenshotFileStem } from './events.ts';
import { screenshotMessages, screenshots, type TakeScreenshot } from './screenshots.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const otherCompanyId = '00000000-0000-4000-8000-0000000000c2';
const screenshotId = '00000000-0000-4000-8000-0000000000a1';
const sessionId = '00000000-0000-4000-8000-0000000000b1';
const teamId = '00000000-0000-4000-8000-0000000000d1';

const member = testActor(companyId, '1', 'Member');
const admin = testActor(companyId, '2', 'Admin');
const manager = testActor(companyId, '3', 'Manager', [teamId]);
const stranger = testActor(otherCompanyId, '1', 'Member');

const running: RunningSession = {
  sessionId,
  source: 'desktop',
  timeZone: 'Asia/Kolkata',
  startedAt: '2026-03-10T04:00:00.000Z',
  teamId,
  projectId: '00000000-0000-4000-8000-0000000000e1',
  projectName: 'Moonshot',
  taskId: 'MO-1',
  taskName: 'Launch',
  taskDetails: '',
};
const now = new Date('2026-03-10T05:00:00.000Z');
const tracker = { running, ended: [] };
const idle = { running: null, ended: [] };
const taking = { now, tracker, screenshotsEnabled: true };
const upload = '00000000-0000-4000-8000-0000000000f1';
const image = { upload, width: 1920, height: 1080, bytes: 52_000, thumbnailWidth: 320, thumbnailHeight: 180 };

const take = (takenAt = '2026-03-10T04:59:00.000Z', changes: Partial<TakeScreenshot> = {}): TakeScreenshot => ({
  type: 'TakeScreenshot',
  companyId,
  userId: member.userId,
  screenshotId,
  sessionId,
  takenAt,
  application: 'Code',
  windowTitle: 'screenshots.ts',
  image,
  actor: member,
  actorName: 'Mia Member',
  ...changes,
});
const taken = (takenAt = '2026-03-10T04:59:00.000Z'): ScreenshotEvent => ({
  type: 'ScreenshotTaken',
  data: { companyId, userId: member.userId, screenshotId, sessionId, teamId, takenAt, timeZone: 'Asia/Kolkata', application: 'Code', windowTitle: 'screenshots.ts', ...image },
});
const remove = (who: Actor, name = 'Mia Member') => ({ type: 'DeleteScreenshot' as const, companyId: who.companyId, screenshotId, actor: who, actorName: name });
const deleted = (at: Date): ScreenshotEvent => ({ type: 'ScreenshotDeleted', data: { companyId, userId: member.userId, screenshotId, by: { userId: member.userId, name: 'Mia Member' }, at: at.toISOString() } });

describe('screenshots: taking one', () => {
  it('records it in the running session, with its team, time zone and the stored image’s sizes', () => {
    given(screenshots, []).when(take(), taking).then([taken()]);
    given(screenshots, []).when(take('2026-03-10T04:59:00.000Z', { sessionId: null }), taking).then([taken()]);
  });

  it('answers a replay as the first time, writing nothing, even after the timer stopped or the setting went off', () => {
    given(screenshots, [taken()]).when(take(), taking).then([]);
    given(screenshots, [taken()]).when(take(), { now, tracker: idle, screenshotsEnabled: false }).then([]);
  });

  it('refuses without a running session, or for another session than the one running', () => {
    given(screenshots, []).when(take(), { ...taking, tracker: idle }).thenRefuses(screenshotMessages.noSession);
    given(screenshots, []).when(take('2026-03-10T04:59:00.000Z', { sessionId: '00000000-0000-4000-8000-0000000000b2' }), taking).thenRefuses(screenshotMessages.noSession);
  });

  it('refuses when the company’s screenshots setting is off', () => {
    given(screenshots, []).when(take(), { ...taking, screenshotsEnabled: false }).thenRefuses(screenshotMessages.turnedOff);
    given(screenshots, []).when(take(), { now, tracker }).thenRefuses(screenshotMessages.turnedOff);
  });

  it('takes a time from the session’s start to the server’s now plus 5 seconds of clock skew, and nothing outside', () => {
    given(screenshots, []).when(take(running.startedAt), taking).then([taken(running.startedAt)]);
    given(screenshots, []).when(take('2026-03-10T05:00:05.000Z'), taking).then([taken('2026-03-10T05:00:05.000Z')]);
    for (const takenAt of ['2026-03-10T03:59:59.999Z', '2026-03-10T05:00:05.001Z']) {
      given(screenshots, []).when(take(takenAt), taking).thenRefuses(screenshotMessages.outsideSession);
    }
    given(screenshots, []).when(take('2026-03-10T10:29:00+05:30'), taking).then([taken('2026-03-10T04:59:00.000Z')]);
  });

  it('takes one an agent offline meanwhile took in a session that ended less than a day ago, and nothing after its end', () => {
    const stopped = { now: new Date('2026-03-10T09:00:00.000Z'), tracker: { running: null, ended: [{ ...running, endedAt: '2026-03-10T05:00:00.000Z' }] }, screenshotsEnabled: true };
    given(screenshots, []).when(take(), stopped).then([taken()]);
    given(screenshots, []).when(take('2026-03-10T05:00:06.000Z'), stopped).thenRefuses(screenshotMessages.noSession);
    given(screenshots, []).when(take('2026-03-10T04:59:00.000Z', { sessionId: '00000000-0000-4000-8000-0000000000b2' }), stopped).thenRefuses(screenshotMessages.noSession);
    given(screenshots, []).when(take(), { ...stopped, now: new Date('2026-03-11T05:00:01.000Z') }).thenRefuses(screenshotMessages.noSession);
  });

  it('is only the person’s own, in their own company', () => {
    given(screenshots, []).when(take('2026-03-10T04:59:00.000Z', { actor: admin }), taking).thenRefuses(accessDenied);
    given(screenshots, []).when(take('2026-03-10T04:59:00.000Z', { actor: stranger }), taking).thenRefuses(accessDenied);
  });
});

describe('screenshots: deleting one', () => {
  const at = (iso: string) => ({ now: new Date(iso) });

  it('lets its person delete it within 24 hours of taking it, with who and when', () => {
    given(screenshots, [taken()]).when(remove(member), at('2026-03-10T06:00:00.000Z')).then([deleted(new Date('2026-03-10T06:00:00.000Z'))]);
    given(screenshots, [taken()]).when(remove(member), at('2026-03-11T04:59:00.000Z')).then([deleted(new Date('2026-03-11T04:59:00.000Z'))]);
  });

  it('refuses after 24 hours', () => {
    given(screenshots, [taken()]).when(remove(member), at('2026-03-11T04:59:00.001Z')).thenRefuses(screenshotMessages.tooLate);
  });

  it('refuses anyone else, their Admin and Manager included', () => {
    for (const who of [admin, manager]) given(screenshots, [taken()]).when(remove(who, 'Someone'), at('2026-03-10T06:00:00.000Z')).thenRefuses(accessDenied);
  });

  it('knows no screenshot of another company, nor one never taken', () => {
    given(screenshots, [taken()]).when(remove(stranger), at('2026-03-10T06:00:00.000Z')).thenRefuses(screenshotMessages.notFound);
    given(screenshots, []).when(remove(member), at('2026-03-10T06:00:00.000Z')).thenRefuses(screenshotMessages.notFound);
  });

  it('writes nothing when it is deleted already', () => {
    given(screenshots, [taken(), deleted(new Date('2026-03-10T06:00:00.000Z'))]).when(remove(member), at('2026-03-10T07:00:00.000Z')).then([]);
  });
});

describe('screenshots: the retention period', () => {
  const expire = { type: 'ExpireScreenshot' as const, companyId, screenshotId };
  const keptFor = (days: number | null, iso: string) => ({ now: new Date(iso), retentionDays: days });
  const expired = (days: number, iso: string): ScreenshotEvent => ({ type: 'ScreenshotExpired', data: { companyId, userId: member.userId, screenshotId, retentionDays: days, at: iso } });

  it('removes one kept longer than the company keeps them, saying for how long they are kept', () => {
    // Taken 2026-03-10T04:59; 30 days later to the millisecond it is still kept.
    given(screenshots, [taken()]).when(expire, keptFor(30, '2026-04-09T04:59:00.001Z')).then([expired(30, '2026-04-09T04:59:00.001Z')]);
    given(screenshots, [taken()]).when(expire, keptFor(30, '2026-04-09T04:59:00.000Z')).then([]);
  });

  it('keeps it when the company keeps them until deleted, or lengthened the period since the sweep looked', () => {
    given(screenshots, [taken()]).when(expire, keptFor(null, '2030-01-01T00:00:00.000Z')).then([]);
    given(screenshots, [taken()]).when(expire, keptFor(365, '2026-06-01T00:00:00.000Z')).then([]);
  });

  it('writes nothing for one already deleted or expired, and knows none of another company', () => {
    given(screenshots, [taken(), deleted(new Date('2026-03-10T06:00:00.000Z'))]).when(expire, keptFor(30, '2026-05-01T00:00:00.000Z')).then([]);
    given(screenshots, [taken(), expired(30, '2026-04-10T00:00:00.000Z')]).when(expire, keptFor(30, '2026-05-01T00:00:00.000Z')).then([]);
    given(screenshots, [taken()]).when({ ...expire, companyId: otherCompanyId }, keptFor(30, '2026-05-01T00:00:00.000Z')).thenRefuses(screenshotMessages.notFound);
  });

  it('a person may not delete one that expired', () => {
    given(screenshots, [taken(), expired(30, '2026-03-10T06:00:00.000Z')]).when(remove(member), { now: new Date('2026-03-10T07:00:00.000Z') }).then([]);
  });
});

describe('screenshots: their files', () => {
  it('are named by the upload that wrote them, and by the screenshot alone for events written before uploads were', () => {
    const [event] = given(screenshots, []).when(take(), taking).events();
    if (event.type !== 'ScreenshotTaken') throw new Error('expected ScreenshotTaken');
    expect(screenshotFileStem(event.data)).toBe(`companies/${companyId}/screenshots/${member.userId}/${screenshotId}-${upload}`);
    // An event of the old shape, as stored before: no upload.
    const { upload: _none, ...old } = event.data;
    expect(screenshotFileStem(old)).toBe(`companies/${companyId}/screenshots/${member.userId}/${screenshotId}`);
  });
});
