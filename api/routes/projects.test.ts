import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../../tests/support/users.ts';

let server: TestServer;
let manager: ApiUser;
let dev: ApiUser;
let client: ApiUser;
let companyId: string;
let website: string;
let api: (method: string, path: string, body?: unknown) => ReturnType<ApiUser['call']>;

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
    const served = await fetch(`${server.url}${ok.body.url}`, { headers: { cookie: dev.cookie } });
    expect(served.headers.get('content-type')).toBe('image/gif');
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
