import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRequestsCompany } from '../../tests/support/requests-company.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, createCompany, signedInUser } from '../../tests/support/users.ts';

let server: TestServer;
let people: Awaited<ReturnType<typeof seedRequestsCompany>>;
let outsider: ApiUser;
let elsewhere: string;

const activityOf = (user: ApiUser, query = '') => user.call('GET', `/api/companies/${people.companyId}/activity-log${query}`);
const sentencesOf = async (user: ApiUser, query = '') => {
  const answer = await activityOf(user, query);
  expect(answer.status).toBe(200);
  return (answer.body.entries as { sentence: string }[]).map((entry) => entry.sentence);
};

beforeAll(async () => {
  server = await startTestServer();
  people = await seedRequestsCompany(server, 'activity', 'Activity Inc');
  outsider = await signedInUser(server, 'outsider@activity.test', 'Olga Outsider');
  elsewhere = await createCompany(outsider, 'Elsewhere Ltd');
  const { companyId, ana, gus, otto, max } = people;
  for (const user of [ana, gus, otto]) {
    const punched = await user.call('POST', `/api/companies/${companyId}/punch/in`, { timeZone: 'Asia/Kolkata' });
    expect(punched.status).toBe(200);
  }
  const requested = await ana.call('POST', `/api/companies/${companyId}/leave/requests`, { leaveDate: '2026-12-03', type: 'Sick Leave', comment: 'Flu', assigneeId: max.userId });
  expect(requested.status).toBe(201);
  expect((await max.call('POST', `/api/companies/${companyId}/leave/requests/${requested.body.requestId}/approve`, { comment: 'Get well' })).status).toBe(200);
}, 120_000);

afterAll(() => server?.close());

describe('the activity log', () => {
  it('shows an Admin all of the company, newest first, with who did it and whom it concerns', async () => {
    const answer = await activityOf(people.admin);
    expect(answer.status).toBe(200);
    const sentences = answer.body.entries.map((entry: { sentence: string }) => entry.sentence);
    expect(sentences.slice(0, 5)).toEqual([
      "Max Manager approved Ana Apollo's leave for 3 Dec 2026",
      'Ana Apollo asked Max Manager for Sick Leave on 3 Dec 2026',
      'Otto Manager punched in',
      'Gus Gemini punched in',
      'Ana Apollo punched in',
    ]);
    expect(sentences).toEqual(expect.arrayContaining(['Ada Admin created the company Activity Inc', 'Ada Admin created team Apollo', 'Max Manager joined Apollo as a Manager']));
    expect(answer.body.entries[0]).toMatchObject({ kind: 'requests', actor: { userId: people.max.userId, name: 'Max Manager' }, subjectUserId: people.ana.userId });
    expect(answer.body.next).toBeNull();
  });

  it('shows a Manager what concerns their teams’ people and what they did, and a Member only their own', async () => {
    const maxSees = await sentencesOf(people.max);
    expect(maxSees).toEqual(expect.arrayContaining(['Ana Apollo punched in', "Max Manager approved Ana Apollo's leave for 3 Dec 2026", 'Max Manager joined Apollo as a Manager']));
    // Gemini's people, Admins' own doings and the company's settings are not his.
    expect(maxSees.filter((sentence) => /Gus|Otto|created the company|created team/.test(sentence))).toEqual([]);

    const ottoSees = await sentencesOf(people.otto);
    expect(ottoSees).toContain('Gus Gemini punched in');
    expect(ottoSees.filter((sentence) => /Ana|Max/.test(sentence))).toEqual([]);

    const anaSees = await sentencesOf(people.ana);
    expect(anaSees).toEqual([
      "Max Manager approved Ana Apollo's leave for 3 Dec 2026",
      'Ana Apollo asked Max Manager for Sick Leave on 3 Dec 2026',
      'Ana Apollo punched in',
      'Ana Apollo joined Apollo as a Member',
      'Ana Apollo joined the company',
    ]);
  });

  it('shows another company nothing', async () => {
    expect(await activityOf(outsider)).toMatchObject({ status: 404 });
    expect(await people.admin.call('GET', `/api/companies/${elsewhere}/activity-log`)).toMatchObject({ status: 404 });
    const own = await outsider.call('GET', `/api/companies/${elsewhere}/activity-log`);
    expect(own.body.entries.map((entry: { sentence: string }) => entry.sentence)).toEqual([
      'Olga Outsider became an Admin',
      'Olga Outsider joined the company',
      'Olga Outsider created the company Elsewhere Ltd',
    ]);
  });

  it('filters by person and kind, for the people the viewer may see', async () => {
    const { admin, max, ana, gus } = people;
    expect(await sentencesOf(admin, `?userId=${gus.userId}`)).toEqual(['Gus Gemini punched in', 'Gus Gemini joined Gemini as a Member', 'Gus Gemini joined the company']);
    expect(await sentencesOf(admin, '?kind=attendance')).toEqual(['Otto Manager punched in', 'Gus Gemini punched in', 'Ana Apollo punched in']);
    expect(await sentencesOf(max, `?userId=${ana.userId}&kind=requests`)).toEqual([
      "Max Manager approved Ana Apollo's leave for 3 Dec 2026",
      'Ana Apollo asked Max Manager for Sick Leave on 3 Dec 2026',
    ]);
    // Someone the viewer may not see answers like someone who does not exist.
    expect(await activityOf(max, `?userId=${gus.userId}`)).toMatchObject({ status: 404, body: { message: 'User not found or not authorized' } });
    expect(await activityOf(ana, `?userId=${max.userId}`)).toMatchObject({ status: 404 });
  });

  it('refuses bad input with a 400', async () => {
    for (const query of ['?userId=someone', '?kind=everything', '?before=yesterday', '?before=1.2.3', `?before=${'9'.repeat(30)}.1`, '?page=2']) {
      expect({ query, status: (await activityOf(people.admin, query)).status }).toEqual({ query, status: 400 });
    }
  });

  it('pages 50 at a time, each page after the last', async () => {
    const { admin, companyId } = people;
    for (let toggle = 0; toggle < 60; toggle++) {
      expect((await admin.call('PUT', `/api/companies/${companyId}/settings/screenshots`, { enabled: toggle % 2 === 0 })).status).toBe(200);
    }
    const first = await activityOf(admin, '?kind=settings');
    expect(first.body.entries).toHaveLength(50);
    expect(first.body.entries[0].sentence).toBe('Ada Admin turned screenshots off');
    const second = await activityOf(admin, `?kind=settings&before=${first.body.next}`);
    // The other 10 toggles and the company's creation.
    expect(second.body.entries.map((entry: { sentence: string }) => entry.sentence).at(-1)).toBe('Ada Admin created the company Activity Inc');
    expect(second.body.entries).toHaveLength(11);
    expect(second.body.next).toBeNull();
    const ids = [...first.body.entries, ...second.body.entries].map((entry: { id: string }) => entry.id);
    expect(new Set(ids).size).toBe(61);
  });
});
