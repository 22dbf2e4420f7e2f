import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskCommentStream, taskNumbersStream, taskStream } from '../../domain/tasks/events.ts';
import type { LogPosition } from '../../eventstore/types.ts';
import type { CompanyAccess } from '../access/membership.ts';
import { createProjectsService, type ProjectsService } from './service.ts';
import { readModelsInclude } from '../../tests/support/read-models.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../../tests/support/users.ts';

let server: TestServer;
let manager: ApiUser;
let dev: ApiUser;
let client: ApiUser;
let companyId: string;
let website: string;
let api: (method: string, path: string, body?: unknown) => ReturnType<ApiUser['call']>;

/** A JSON request with an Idempotency-Key, as the web app sends its commands. */
async function keyed(user: ApiUser, method: string, path: string, body: unknown, key: string) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'idempotency-key': key, cookie: user.cookie },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  await readModelsInclude(server, answer);
  return { status: response.status, body: answer };
}

/** Uploads a one-pixel GIF to a task as this user. */
async function uploadImage(user: ApiUser, taskId: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(GIF)]), 'pixel.gif');
  const response = await fetch(`${server.url}/api/companies/${companyId}/tasks/${taskId}/images`, { method: 'POST', headers: { cookie: user.cookie }, body: form });
  return { status: response.status, body: await response.json() };
}
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const fetchImage = (user: ApiUser, url: string) => fetch(`${server.url}${url}`, { headers: { cookie: user.cookie } });

const newTask = (overrides: object = {}) => ({
  projectId: website,
  title: 'Landing page',
  description: '<p>Hero and pricing</p>',
  status: 'TO DO',
  priority: 'P2',
  eta: '2026-12-01',
  assigneeId: dev.userId,
  ...overrides,
});

beforeAll(async () => {
  server = await startTestServer();
  [manager, dev, client] = await Promise.all([
    signedInUser(server, 'pm@web.test', 'Paula Manager'),
    signedInUser(server, 'dev@web.test', 'Dan Developer'),
    signedInUser(server, 'client@web.test', 'Carla Client'),
  ]);
  companyId = await createCompany(manager, 'Webworks');
  api = (method, path, body) => manager.call(method, `/api/companies/${companyId}${path}`, body);
  const team = (await api('POST', '/teams', { name: 'Builders' })).body.teamId;
  await inviteAndAccept(server, manager, companyId, dev, 'Member', [team]);
  website = (await api('POST', '/projects', { name: 'Website Agency' })).body.projectId;
});
afterAll(() => server.close());

describe('projects', () => {
  it('lists projects with their tasks, and refuses an empty name', async () => {
    expect((await api('POST', '/projects', { name: ' ' })).body.message).toBe('Project name is required');
    const [project] = (await api('GET', '/projects')).body;
    expect(project).toMatchObject({ projectId: website, name: 'Website Agency', prefix: 'WA', tasks: [] });
  });
});

describe('tasks', () => {
  it('numbers tasks per prefix; concurrent creations never share an id', async () => {
    const other = (await api('POST', '/projects', { name: 'Wild Apps' })).body.projectId; // also 'WA'
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api('POST', '/tasks', newTask({ title: `Task ${i}`, projectId: i % 2 ? other : website }))),
    );
    expect(created.filter((r) => r.status !== 201).map((r) => r.body)).toEqual([]);
    const ids = created.map((r) => r.body.taskId);
    expect(new Set(ids).size).toBe(12);
    expect(ids.every((id) => /^WA-\d+$/.test(id))).toBe(true);
    expect(created[0].body.projectName).toBe('Website Agency');
  });

  it('checks the create form and the task page in the spec order', async () => {
    expect((await api('POST', '/tasks', newTask({ title: '' }))).body.message).toBe('Required');
    expect((await api('POST', '/tasks', newTask({ priority: '' }))).body.message).toBe('Please select priority');
    expect((await api('POST', '/tasks', newTask({ assigneeId: '' }))).body.message).toBe('Please select an assignee');
    const { taskId } = (await api('POST', '/tasks', newTask())).body;
    expect((await api('PATCH', `/tasks/${taskId}`, { title: '', description: '' })).body.message).toBe('Title is required');
    expect((await api('PATCH', `/tasks/${taskId}`, { description: '<p> </p>' })).body.message).toBe('Description is required');
    expect((await api('PATCH', `/tasks/${taskId}`, { status: 'LATER' })).body.message).toBe('Please select status');
  });

  it('keeps every change in the task history, paged 10 at a time', async () => {
    const { taskId } = (await api('POST', '/tasks', newTask({ title: 'History' }))).body;
    for (const status of ['IN PROGRESS', 'QA', 'DONE', 'IN PROGRESS', 'QA', 'DONE']) await api('PATCH', `/tasks/${taskId}`, { status });
    await api('PATCH', `/tasks/${taskId}`, { title: 'History kept', priority: 'P1' });
    await api('POST', `/tasks/${taskId}/comments`, { html: '<p>Looks good</p>' });
    const firstPage = (await api('GET', `/tasks/${taskId}/history`)).body;
    expect(firstPage).toMatchObject({ totalCount: 10, hasMore: false, nextOffset: 10 });
    const page = (await api('GET', `/tasks/${taskId}/history?limit=4&offset=0`)).body;
    expect(page).toMatchObject({ hasMore: true, nextOffset: 4, totalCount: 10 });
    expect(page.history[0]).toMatchObject({ changeType: 'comment_added', commentText: 'Looks good', changedBy: { userName: 'Paula Manager' } });
    const complete = (await api('GET', `/tasks/${taskId}/history?complete=true`)).body;
    expect(complete.history).toHaveLength(10);
    expect(complete.history.at(-1)).toMatchObject({ changeType: 'created', newValues: 'History' });
    expect(complete.history.find((h: { field: string }) => h.field === 'title')).toMatchObject({ previousValues: 'History', newValues: 'History kept' });
  });

  it('sanitises comments so no script, handler or javascript: URL reaches anyone', async () => {
    const { taskId } = (await api('POST', '/tasks', newTask({ title: 'XSS' }))).body;
    const payload = `<p>Hi <strong>team</strong><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a><a href="https://example.com" onclick="alert(4)">ok</a><span style="position:fixed">s</span></p>`;
    expect((await api('POST', `/tasks/${taskId}/comments`, { html: payload })).status).toBe(201);
    expect((await api('POST', `/tasks/${taskId}/comments`, { html: '<p><script>x</script> </p>' })).body.message).toBe('Comment cannot be empty!');
    const [comment] = (await api('GET', `/tasks/${taskId}`)).body.comments;
    expect(comment.html).not.toMatch(/script|onerror|onclick|javascript:|style=|<img/i);
    expect(comment.html).toContain('<strong>team</strong>');
    expect(comment.html).toContain('href="https://example.com"');

    expect((await api('DELETE', `/tasks/${taskId}/comments/${comment.commentId}`)).status).toBe(200);
    expect((await api('GET', `/tasks/${taskId}`)).body.comments).toEqual([]);
  });

  it('filters, searches, sorts and pages the task table; the timer gets open tasks assigned to the user', async () => {
    const list = (query: string) => api('GET', `/tasks?projectIds=${website}${query}`);
    const all = (await list('&pageSize=100')).body;
    expect(all.total).toBeGreaterThan(6);
    expect((await list('&search=xss')).body.tasks.map((t: { title: string }) => t.title)).toEqual(['XSS']);
    expect((await list('&status=DONE')).body.tasks.every((t: { status: string }) => t.status === 'DONE')).toBe(true);
    const byTitle = (await list('&sort=title&order=desc&pageSize=3')).body.tasks.map((t: { title: string }) => t.title);
    expect(byTitle).toEqual([...byTitle].sort((a, b) => b.localeCompare(a)));
    expect((await list('&pageSize=2&page=2')).body.tasks).toHaveLength(2);

    const mine = (await dev.call('GET', `/api/companies/${companyId}/projects/${website}/my-tasks`)).body;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((t: { status: string }) => t.status !== 'DONE')).toBe(true);
    expect((await manager.call('GET', `/api/companies/${companyId}/projects/${website}/my-tasks`)).body).toEqual([]);
  });

  it('deletes a task softly: gone from lists, history kept', async () => {
    const { taskId } = (await api('POST', '/tasks', newTask({ title: 'Temporary' }))).body;
    expect((await api('DELETE', `/tasks/${taskId}`)).status).toBe(200);
    expect((await api('GET', `/tasks/${taskId}`)).status).toBe(404);
    expect((await api('GET', `/tasks/${taskId}/history`)).body.history[0].changeType).toBe('deleted');
  });

  it('accepts only real images, by their bytes', async () => {
    const { taskId } = (await api('POST', '/tasks', newTask({ title: 'Images' }))).body;
    const upload = async (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      const response = await fetch(`${server.url}/api/companies/${companyId}/tasks/${taskId}/images`, { method: 'POST', headers: { cookie: manager.cookie }, body: form });
      return { status: response.status, body: await response.json() };
    };
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const ok = await upload(gif, 'anything.txt');
    expect(ok).toMatchObject({ status: 201, body: { mime: 'image/gif' } });
    expect((await upload(Buffer.from('<svg onload="alert(1)"></svg>'), 'evil.png')).body.message).toBe('File could not be uploaded');
    expect((await upload(Buffer.alloc(6 * 1024 * 1024, 1), 'huge.png')).body.message).toBe('File could not be uploaded');
    const served = await fetchImage(manager, ok.body.url);
    expect(served.headers.get('content-type')).toBe('image/gif');
  });

  it("keeps in a description only this company's task images, by their exact address", async () => {
    const { taskId } = (await api('POST', '/tasks', newTask({ title: 'Pictures' }))).body;
    const { url } = (await uploadImage(manager, taskId)).body;
    const traversal = `/api/companies/${companyId}/files/task-images/../../../../auth/logout`;
    const otherCompany = url.replace(companyId, '00000000-0000-4000-8000-000000000000');
    const description = `<p>Plan</p><img src="${url}"><img src="${traversal}"><img src="${otherCompany}"><img src="${url}?download=1">`;
    expect((await api('PATCH', `/tasks/${taskId}`, { description })).status).toBe(200);
    const stored = (await api('GET', `/tasks/${taskId}`)).body.description;
    expect(stored.match(/<img [^>]*>/g)).toEqual([`<img src="${url}" />`]);
  });

  it('never takes fields of the command from the body: a company, task id or author there is refused, nothing written', async () => {
    const victim = await signedInUser(server, 'victim@other.test', 'Vera Victim');
    const victimCompany = await createCompany(victim, 'Victim Ltd');
    const before = await server.db.selectFrom('tasks').select('task_id').execute();
    const smuggled = newTask({ companyId: victimCompany, taskId: 'VI-1', by: { userId: victim.userId, name: 'Vera Victim' } });
    const answer = await api('POST', '/tasks', smuggled);
    expect(answer.status).toBe(400);
    expect(await server.db.selectFrom('tasks').select('task_id').execute()).toEqual(before);
    expect(await server.db.selectFrom('tasks').select('task_id').where('company_id', '=', victimCompany).execute()).toEqual([]);
  });

  it('lets 30 people create tasks in one project at the same moment: every one is created, none sees a conflict', async () => {
    const busy = (await api('POST', '/projects', { name: 'Busy Board' })).body.projectId;
    const created = await Promise.all(
      Array.from({ length: 30 }, (_, i) => keyed(manager, 'POST', `/api/companies/${companyId}/tasks`, newTask({ title: `Rush ${i}`, projectId: busy }), `rush-${i}`)),
    );
    expect(created.filter((r) => r.status !== 201).map((r) => r.body)).toEqual([]);
    const ids = created.map((r) => r.body.taskId);
    expect(new Set(ids).size).toBe(30);
    expect(ids.every((id) => /^BB-\d+$/.test(id))).toBe(true);
    // A retried request (same key) gets its task again, not a new number.
    const retried = await keyed(manager, 'POST', `/api/companies/${companyId}/tasks`, newTask({ title: 'Rush 7', projectId: busy }), 'rush-7');
    expect(retried).toMatchObject({ status: 201, body: { taskId: ids[7] } });
    const next = (await api('POST', '/tasks', newTask({ title: 'After the rush', projectId: busy }))).body.taskId;
    expect(next).toBe('BB-31');
  });

  it('gives a comment an id of its own per task, even under the same Idempotency-Key', async () => {
    const first = (await api('POST', '/tasks', newTask({ title: 'First' }))).body.taskId;
    const second = (await api('POST', '/tasks', newTask({ title: 'Second' }))).body.taskId;
    const onFirst = await keyed(manager, 'POST', `/api/companies/${companyId}/tasks/${first}/comments`, { html: '<p>Same key, first</p>' }, 'comment-key');
    const onSecond = await keyed(manager, 'POST', `/api/companies/${companyId}/tasks/${second}/comments`, { html: '<p>Same key, second</p>' }, 'comment-key');
    expect([onFirst.status, onSecond.status]).toEqual([201, 201]);
    expect(onFirst.body.commentId).not.toBe(onSecond.body.commentId);
    expect((await api('GET', `/tasks/${first}`)).body.comments.map((c: { commentId: string; html: string }) => [c.commentId, c.html])).toEqual([
      [onFirst.body.commentId, '<p>Same key, first</p>'],
    ]);
    expect((await api('GET', `/tasks/${second}`)).body.comments.map((c: { commentId: string; html: string }) => [c.commentId, c.html])).toEqual([
      [onSecond.body.commentId, '<p>Same key, second</p>'],
    ]);
  });
});

describe('clients', () => {
  it('invites a client to a project; the client sees only that project', async () => {
    const other = (await api('POST', '/projects', { name: 'Secret Internal' })).body.projectId;
    expect((await api('POST', '/invites', { emails: [client.email], role: 'Client', projectIds: [] })).body.message).toBe('You need to select at least one project');
    const before = server.mailbox.received.length;
    const sent = await api('POST', '/invites', { emails: [client.email], role: 'Client', projectIds: [website] });
    expect(sent.body.results[0]).toMatchObject({ sent: true, message: 'Client invitation sent successfully' });
    const link = new URL(await server.mailbox.linkTo(client.email, '/invitation', before));
    expect((await client.call('POST', `/api/invitations/${link.searchParams.get('i')}/accept`)).status).toBe(200);

    expect((await client.call('GET', '/api/me')).body.companyList[0]).toMatchObject({ companyId, role: 'Client' });
    const projects = (await client.call('GET', `/api/companies/${companyId}/projects`)).body;
    expect(projects.map((p: { projectId: string }) => p.projectId)).toEqual([website]);
    expect(projects.map((p: { projectId: string }) => p.projectId)).not.toContain(other);
    expect((await client.call('POST', `/api/companies/${companyId}/projects`, { name: 'Mine' })).status).toBe(403);
  });

  it("serves a task's images only to who may read the task: managers and Clients of its project", async () => {
    const secret = (await api('POST', '/projects', { name: 'Secret Plans' })).body.projectId;
    // Assigned to the manager: Dan, a Member, is not among those who may read them.
    const visibleTask = (await api('POST', '/tasks', newTask({ title: 'Client sees this', assigneeId: manager.userId }))).body.taskId;
    const hiddenTask = (await api('POST', '/tasks', newTask({ title: 'Client does not', projectId: secret, assigneeId: manager.userId }))).body.taskId;
    const visibleImage = (await uploadImage(manager, visibleTask)).body.url;
    const hiddenImage = (await uploadImage(manager, hiddenTask)).body.url;

    expect((await fetchImage(manager, visibleImage)).status).toBe(200);
    expect((await fetchImage(manager, hiddenImage)).status).toBe(200);
    expect((await fetchImage(client, visibleImage)).status).toBe(200);
    expect((await fetchImage(client, hiddenImage)).status).toBe(404);
    expect((await fetchImage(dev, visibleImage)).status).toBe(404);
    expect((await fetchImage(dev, hiddenImage)).status).toBe(404);
  });
});

describe("a task's assignee", () => {
  const asDev = (method: string, path: string, body?: unknown) => dev.call(method, `/api/companies/${companyId}${path}`, body);

  it('opens, reads and comments on a task assigned to them, and changes nothing else', async () => {
    const { taskId } = (await api('POST', '/tasks', newTask({ title: 'Assigned to Dan' }))).body;
    const image = (await uploadImage(manager, taskId)).body.url;
    await api('PATCH', `/tasks/${taskId}`, { description: `<p>See the sketch</p><img src="${image}">` });

    expect(await asDev('GET', `/tasks/${taskId}`)).toMatchObject({ status: 200, body: { taskId, title: 'Assigned to Dan', assignee: { userId: dev.userId } } });
    expect((await fetchImage(dev, image)).status).toBe(200);
    const commented = await asDev('POST', `/tasks/${taskId}/comments`, { html: '<p>On it</p>' });
    expect(commented.status).toBe(201);
    expect((await asDev('GET', `/tasks/${taskId}`)).body.comments).toMatchObject([{ commentId: commented.body.commentId, userName: 'Dan Developer', html: '<p>On it</p>' }]);

    // Editing, deleting and the history stay with Managers and Admins.
    expect(await asDev('PATCH', `/tasks/${taskId}`, { status: 'DONE' })).toMatchObject({ status: 403, body: { message: 'Access denied' } });
    expect((await asDev('DELETE', `/tasks/${taskId}/comments/${commented.body.commentId}`)).status).toBe(403);
    expect((await asDev('DELETE', `/tasks/${taskId}`)).status).toBe(403);
    expect((await asDev('GET', `/tasks/${taskId}/history`)).status).toBe(403);
    expect((await api('GET', `/tasks/${taskId}`)).body).toMatchObject({ status: 'TO DO', comments: [{ html: '<p>On it</p>' }] });
  });

  it("reads no one else's task, and loses a task reassigned away", async () => {
    const theirs = (await api('POST', '/tasks', newTask({ title: 'Assigned to Paula', assigneeId: manager.userId }))).body.taskId;
    expect(await asDev('GET', `/tasks/${theirs}`)).toMatchObject({ status: 404, body: { message: 'Task not found' } });
    expect(await asDev('POST', `/tasks/${theirs}/comments`, { html: '<p>Me too</p>' })).toMatchObject({ status: 403, body: { message: 'Access denied' } });

    const mine = (await api('POST', '/tasks', newTask({ title: 'Handed over later' }))).body.taskId;
    expect((await asDev('GET', `/tasks/${mine}`)).status).toBe(200);
    await api('PATCH', `/tasks/${mine}`, { assigneeId: manager.userId });
    expect((await asDev('GET', `/tasks/${mine}`)).status).toBe(404);
    expect((await asDev('POST', `/tasks/${mine}/comments`, { html: '<p>Still mine?</p>' })).status).toBe(403);
    expect((await api('GET', `/tasks/${theirs}`)).body.comments).toEqual([]);
    expect((await api('GET', `/tasks/${mine}`)).body.comments).toEqual([]);
  });
});

describe('the projects service, past the request schemas', () => {
  let service: ProjectsService;
  let access: CompanyAccess;
  let otherAccess: CompanyAccess;
  const metadata = (commandId: string) => ({ correlationId: randomUUID(), commandId });
  /** What the web app gets by sending its newest position with the next request: read models that include the command. */
  const created = async (creation: Promise<{ taskId: string; position: LogPosition | null }>) => {
    const { taskId, position } = await creation;
    if (position) await server.watcher.waitFor(position);
    return taskId;
  };
  const storedEvents = async (taskId: string) => (await server.store.readStream(taskStream(companyId, taskId))).map(({ type, data }) => ({ type, data }));

  beforeAll(async () => {
    service = createProjectsService({ store: server.store, db: server.db, storage: { put: async () => undefined, get: async () => null, delete: async () => undefined } });
    const accessOf = async (user: ApiUser, name: string, company: string): Promise<CompanyAccess> => ({
      company: await server.db.selectFrom('companies').selectAll().where('company_id', '=', company).executeTakeFirstOrThrow(),
      userId: user.userId,
      name,
      email: user.email,
      role: 'Admin',
      teamRoles: new Map(),
      actor: { kind: 'member', userId: user.userId, companyId: company, role: 'Admin', managedTeams: new Set() },
    });
    const other = await signedInUser(server, 'owner@elsewhere.test', 'Olga Owner');
    access = await accessOf(manager, 'Paula Manager', companyId);
    otherAccess = await accessOf(other, 'Olga Owner', await createCompany(other, 'Elsewhere'));
  });

  it("writes a task from its named fields only: a company, id, number or author smuggled in changes nothing", async () => {
    const smuggled = { ...newTask({ title: 'Smuggled' }), companyId: otherAccess.company.company_id, taskId: 'EL-1', number: 99, by: { userId: otherAccess.userId, name: 'Olga Owner' } };
    const taskId = await created(service.createTask(access, smuggled as never, metadata('smuggle-create')));
    const [creation] = await storedEvents(taskId);
    expect(creation.data).toEqual({
      taskId,
      companyId,
      by: { userId: manager.userId, name: 'Paula Manager' },
      number: Number(taskId.split('-')[1]),
      title: 'Smuggled',
      description: '<p>Hero and pricing</p>',
      status: 'TO DO',
      priority: 'P2',
      eta: '2026-12-01',
      assigneeId: dev.userId,
      projectId: website,
    });

    await service.editTask(access, taskId, { priority: 'P1', companyId: otherAccess.company.company_id, taskId: 'EL-1' } as never, metadata('smuggle-edit'));
    expect((await storedEvents(taskId)).slice(1)).toEqual([
      { type: 'TaskFieldChanged', data: { taskId, companyId, by: { userId: manager.userId, name: 'Paula Manager' }, field: 'priority', from: 'P2', to: 'P1' } },
    ]);
  });

  it('derives a comment id from the key and the task: one command id on two tasks is two comments', async () => {
    const first = await created(service.createTask(access, newTask({ title: 'One' }), metadata('tasks-one')));
    const second = await created(service.createTask(access, newTask({ title: 'Two' }), metadata('tasks-two')));
    const onFirst = await service.addComment(access, first, '<p>first</p>', metadata('same-key'));
    const onSecond = await service.addComment(access, second, '<p>second</p>', metadata('same-key'));
    expect(onFirst.commentId).not.toBe(onSecond.commentId);
    const commentEvents = async (taskId: string, commentId: string) => (await server.store.readStream(taskCommentStream(companyId, taskId, commentId))).map(({ type, data }) => ({ type, data }));
    expect(await commentEvents(first, onFirst.commentId)).toMatchObject([{ type: 'TaskCommentAdded', data: { taskId: first, commentId: onFirst.commentId, html: '<p>first</p>' } }]);
    expect(await commentEvents(second, onSecond.commentId)).toMatchObject([{ type: 'TaskCommentAdded', data: { taskId: second, commentId: onSecond.commentId, html: '<p>second</p>' } }]);
    // Nothing of them on the tasks' own streams, which comments no longer contend for.
    expect((await storedEvents(first)).map((e) => e.type)).toEqual(['TaskCreated']);
  });

  it('derives a project id from the key and the company: one command id in two companies is two projects', async () => {
    const ours = await service.createProject(access, 'Keyed Project', metadata('same-project-key'));
    const theirs = await service.createProject(otherAccess, 'Keyed Project', metadata('same-project-key'));
    expect(ours.projectId).not.toBe(theirs.projectId);
    expect(theirs.position).not.toBeNull();
  });

  it("refuses a command for another company's task before anything is written", async () => {
    const taskId = await created(service.createTask(access, newTask({ title: 'Ours' }), metadata('ours')));
    const foreign = { ...otherAccess, company: access.company };
    const numbers = () => server.store.readStream(taskNumbersStream(companyId, 'WA'));
    const [before, numbersBefore] = [await storedEvents(taskId), (await numbers()).length];
    await expect(service.editTask(foreign, taskId, { title: 'Taken over' }, metadata('takeover'))).rejects.toThrow('Access denied');
    // Refused before a number is taken: not even a skipped number is left behind.
    await expect(service.createTask(foreign, newTask({ title: 'Planted' }), metadata('plant'))).rejects.toThrow('Access denied');
    expect(await storedEvents(taskId)).toEqual(before);
    expect(await numbers()).toHaveLength(numbersBefore);
  });
});

describe('many people on one task at once', () => {
  /** Every recorded event of a type about one task, in the order the log recorded them (the task's stream and any other). */
  async function recordedAbout(taskId: string, type: string) {
    const found: { type: string; data: Record<string, unknown> }[] = [];
    for (let after: LogPosition | null = null, page = await server.store.readAll(null, 1000); page.length > 0; page = await server.store.readAll(after, 1000)) {
      for (const event of page) {
        const data = event.data as Record<string, unknown>;
        if (event.type === type && data.companyId === companyId && data.taskId === taskId) found.push({ type: event.type, data });
      }
      after = page.at(-1)!.position;
    }
    return found;
  }

  it('takes 200 comments posted at the same moment: every one answered 201, listed in the order they were recorded', async () => {
    const { taskId } = (await api('POST', '/tasks', newTask({ title: 'Crowded' }))).body;
    const posted = await Promise.all(
      Array.from({ length: 200 }, (_, i) => keyed(manager, 'POST', `/api/companies/${companyId}/tasks/${taskId}/comments`, { html: `<p>Comment ${i}</p>` }, `crowd-${i}`)),
    );
    expect(posted.filter((r) => r.status !== 201).map((r) => r.body)).toEqual([]);

    const inLogOrder = (await recordedAbout(taskId, 'TaskCommentAdded')).map((e) => e.data.commentId);
    expect(new Set(inLogOrder)).toEqual(new Set(posted.map((r) => r.body.commentId)));
    const listed = (await api('GET', `/tasks/${taskId}`)).body.comments.map((c: { commentId: string }) => c.commentId);
    expect(listed).toEqual(inLogOrder);
  });

  it('takes 20 edits sent at the same moment: every one answered 200 and recorded; each field ends as its last recorded change left it', async () => {
    const { taskId } = (await api('POST', '/tasks', newTask({ title: 'Busy', status: 'TO DO', priority: 'P2' }))).body;
    const change = (i: number) => [{ title: `Title ${i}` }, { description: `<p>Summary ${i}</p>` }, { eta: `2027-01-${String(i + 1).padStart(2, '0')}` }][i % 3];
    const edits = await Promise.all(Array.from({ length: 20 }, (_, i) => api('PATCH', `/tasks/${taskId}`, change(i))));
    expect(edits.filter((r) => r.status !== 200).map((r) => r.body)).toEqual([]);

    const recorded = await recordedAbout(taskId, 'TaskFieldChanged');
    expect(recorded).toHaveLength(20);
    const last = (field: string) => recorded.filter((e) => e.data.field === field).at(-1)!.data.to;
    expect((await api('GET', `/tasks/${taskId}`)).body).toMatchObject({ title: last('title'), description: last('description'), eta: last('eta'), status: 'TO DO', priority: 'P2' });
  });

  it("shows comments recorded on the task's own stream (as before comments had streams of their own) with the new ones, and deletes them", async () => {
    const { taskId } = (await api('POST', '/tasks', newTask({ title: 'Older comments' }))).body;
    const by = { userId: manager.userId, name: 'Paula Manager' };
    const older = [randomUUID(), randomUUID()];
    for (const [i, commentId] of older.entries()) {
      const stream = taskStream(companyId, taskId);
      const version = (await server.store.readStream(stream)).length;
      const { position } = await server.store.append(
        stream,
        [{ eventId: randomUUID(), type: 'TaskCommentAdded', data: { taskId, companyId, by, commentId, html: `<p>Older ${i}</p>`, text: `Older ${i}` }, metadata: { correlationId: randomUUID(), userId: by.userId } }],
        version,
      );
      await server.watcher.waitFor(position);
    }
    const newer = (await api('POST', `/tasks/${taskId}/comments`, { html: '<p>Newer</p>' })).body.commentId;
    const html = async () => (await api('GET', `/tasks/${taskId}`)).body.comments.map((c: { html: string }) => c.html);
    expect(await html()).toEqual(['<p>Older 0</p>', '<p>Older 1</p>', '<p>Newer</p>']);

    expect((await api('DELETE', `/tasks/${taskId}/comments/${older[0]}`)).status).toBe(200);
    expect((await api('DELETE', `/tasks/${taskId}/comments/${older[0]}`)).body.message).toBe('Comment not found');
    expect((await api('DELETE', `/tasks/${taskId}/comments/${newer}`)).status).toBe(200);
    expect(await html()).toEqual(['<p>Older 1</p>']);
    const history = (await api('GET', `/tasks/${taskId}/history?complete=true`)).body.history.map((h: { changeType: string; commentText: string | null }) => [h.changeType, h.commentText]);
    expect(history).toEqual([
      ['comment_deleted', null],
      ['comment_deleted', null],
      ['comment_added', 'Newer'],
      ['comment_added', 'Older 1'],
      ['comment_added', 'Older 0'],
      ['created', null],
    ]);
  });

  it("refuses a comment on a deleted task, and a comment's deletion through another task", async () => {
    const { taskId } = (await api('POST', '/tasks', newTask({ title: 'Going away' }))).body;
    const other = (await api('POST', '/tasks', newTask({ title: 'Staying' }))).body.taskId;
    const { commentId } = (await api('POST', `/tasks/${taskId}/comments`, { html: '<p>Mine</p>' })).body;
    expect(await api('DELETE', `/tasks/${other}/comments/${commentId}`)).toMatchObject({ status: 404, body: { message: 'Comment not found' } });
    await api('DELETE', `/tasks/${taskId}`);
    expect(await api('POST', `/tasks/${taskId}/comments`, { html: '<p>Too late</p>' })).toMatchObject({ status: 404, body: { message: 'Task not found' } });
    expect(await api('POST', '/tasks/ZZ-999/comments', { html: '<p>Nowhere</p>' })).toMatchObject({ status: 404, body: { message: 'Task not found' } });
  });
});

describe('read models', () => {
  it('rebuild projects, tasks, comments and history exactly', async () => {
    const { rebuildProjection } = await import('../../projections/rebuild.ts');
    const { projectsAndTasksProjection } = await import('../../projections/projects-and-tasks/projects-and-tasks.ts');
    const { taskHistoryProjection } = await import('../../projections/task-history/task-history.ts');
    const snapshot = async () => ({
      projects: await server.db.selectFrom('projects').selectAll().orderBy('project_id').execute(),
      tasks: await server.db.selectFrom('tasks').selectAll().orderBy('task_id').execute(),
      comments: await server.db.selectFrom('task_comments').selectAll().orderBy('comment_id').execute(),
      history: await server.db.selectFrom('task_history').selectAll().orderBy('event_id').execute(),
    });
    const live = await snapshot();
    await rebuildProjection(server.db, server.store, projectsAndTasksProjection);
    await rebuildProjection(server.db, server.store, taskHistoryProjection);
    expect(await snapshot()).toEqual(live);
  });
});
