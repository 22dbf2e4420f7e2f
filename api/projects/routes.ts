import { commentLimit, taskImageLimit } from './limits.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { readScope } from '../../domain/members/read-rights.ts';
import { TASK_PRIORITIES, TASK_STATUSES } from '../../domain/tasks/choices.ts';
import { taskMessages } from '../../domain/tasks/task.ts';
import { notFound } from '../../domain/shared/errors.ts';
import {
  findTask,
  listTasks,
  projectsWithTasks,
  TASK_SORTS,
  taskHistory,
  tasksForTimer,
  taskWasCreated,
} from '../../projections/projects-and-tasks/queries.ts';
import { assignableMembers, clientProjectIds } from '../../projections/organisation/queries.ts';
import { accessOf, inCompany } from '../http/access.ts';
import type { CompanyAccess } from '../access/membership.ts';
import type { ApiContext } from '../http/context.ts';
import { requestMetadata, positionText } from '../http/context.ts';
import { CommandResponse, CompanyParams, Day, errorResponses, Id, LogPosition, Nullable, PageNumber, PickedId, TaskId, Text } from '../http/schemas.ts';
import { MAX_IMAGE_BYTES, UPLOAD_FAILED } from './service.ts';

const ProjectParams = Type.Object({ companyId: Id, projectId: Id });
const TaskParams = Type.Object({ companyId: Id, taskId: TaskId });

const TaskSummary = Type.Object({
  taskId: Type.String(),
  title: Type.String(),
  status: Type.String(),
  priority: Type.String(),
  eta: Type.Union([Type.String(), Type.Null()]),
  assignee: Type.Object({ userId: Type.String(), name: Type.String() }),
});

const Status = Type.Union(TASK_STATUSES.map((s) => Type.Literal(s)));
const Priority = Type.Union(TASK_PRIORITIES.map((p) => Type.Literal(p)));
const TaskBody = Type.Object({
  projectId: PickedId,
  title: Text(300),
  description: Text(200_000),
  // Checked by the decider, which answers with the form's own messages.
  status: Text(20),
  priority: Text(20),
  eta: Nullable(Day),
  assigneeId: PickedId,
});

/** The projects the caller sees (the read-rights table): a Client those they were invited to (an array); everyone else the whole company's (undefined). */
async function visibleProjectIds(context: ApiContext, access: CompanyAccess): Promise<string[] | undefined> {
  if (readScope(access.role, 'projects') !== 'client-projects') return undefined;
  return clientProjectIds(context.db, access.company.company_id, access.userId);
}

export function projectRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const { projects, db } = context;
  const tags = ['projects and tasks'];

  /**
   * A live task the caller may read: managers any, Clients those of their
   * projects, and anyone the task is assigned to; null for the others, as for
   * a task that does not exist.
   */
  async function readableTask(access: CompanyAccess, taskId: string) {
    const found = await findTask(db, access.company.company_id, taskId);
    if (!found) return null;
    const scope = readScope(access.role, 'tasks');
    if (scope === 'company' || found.assignee.userId === access.userId) return found;
    if (scope !== 'client-projects') return null;
    const visible = await visibleProjectIds(context, access);
    return visible?.includes(found.projectId) ? found : null;
  }

  return async (app) => {
    await app.register(import('@fastify/multipart'), { limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });

    app.get(
      '/api/companies/:companyId/projects',
      {
        config: { access: inCompany() },
        schema: {
          tags,
          summary: 'Projects with their tasks (Clients: their projects; Members: project names for the timer)',
          params: CompanyParams,
          response: { 200: Type.Array(Type.Object({ projectId: Type.String(), name: Type.String(), prefix: Type.String(), tasks: Type.Array(TaskSummary) })), ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const list = await projectsWithTasks(db, access.company.company_id, await visibleProjectIds(context, access));
        // Those who see only the tasks assigned to them find those in the timer, not here.
        return readScope(access.role, 'tasks') === 'assigned' ? list.map((p) => ({ ...p, tasks: [] })) : list;
      },
    );

    app.post(
      '/api/companies/:companyId/projects',
      {
        config: { access: inCompany({ command: 'CreateProject', write: true }) },
        schema: {
          tags,
          summary: 'Add a project',
          params: CompanyParams,
          body: Type.Object({ name: Text(200) }),
          response: { 201: Type.Object({ projectId: Type.String(), message: Type.String(), position: LogPosition }), ...errorResponses },
        },
      },
      async (request, reply) => {
        const access = accessOf(request);
        const { projectId, position } = await projects.createProject(access, request.body.name, requestMetadata(request, access.userId));
        return reply.status(201).send({ projectId, message: 'Project created successfully', position: positionText(position) });
      },
    );

    app.patch(
      '/api/companies/:companyId/projects/:projectId',
      { config: { access: inCompany({ command: 'RenameProject', write: true }) }, schema: { tags, summary: 'Rename a project', params: ProjectParams, body: Type.Object({ name: Text(200) }), response: { 200: CommandResponse, ...errorResponses } } },
      async (request) => {
        const access = accessOf(request);
        const position = await projects.renameProject(access, request.params.projectId, request.body.name, requestMetadata(request, access.userId));
        return { message: 'Project updated successfully', position: positionText(position) };
      },
    );

    app.delete(
      '/api/companies/:companyId/projects/:projectId',
      { config: { access: inCompany({ command: 'DeleteProject', write: true }) }, schema: { tags, summary: 'Delete a project (kept for history)', params: ProjectParams, response: { 200: CommandResponse, ...errorResponses } } },
      async (request) => {
        const access = accessOf(request);
        const position = await projects.deleteProject(access, request.params.projectId, requestMetadata(request, access.userId));
        return { message: 'Project deleted successfully', position: positionText(position) };
      },
    );

    app.get(
      '/api/companies/:companyId/projects/:projectId/my-tasks',
      {
        config: { access: inCompany() },
        schema: {
          tags,
          summary: 'For the timer: the project’s tasks assigned to the caller and not DONE',
          params: ProjectParams,
          response: { 200: Type.Array(Type.Object({ taskId: Type.String(), title: Type.String(), status: Type.String() })), ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        return tasksForTimer(db, access.company.company_id, request.params.projectId, access.userId);
      },
    );

    app.get(
      '/api/companies/:companyId/assignees',
      {
        config: { access: inCompany({ command: 'CreateTask' }) },
        schema: {
          tags,
          summary: 'Who tasks can be assigned to: members of the company’s teams',
          params: CompanyParams,
          response: { 200: Type.Array(Type.Object({ userId: Type.String(), name: Type.String(), email: Type.String() })), ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        return assignableMembers(db, access.company.company_id);
      },
    );

    app.get(
      '/api/companies/:companyId/tasks',
      {
        config: { access: inCompany({ page: '/manage-tasks' }) },
        schema: {
          tags,
          summary: 'The /manage-tasks table: filters, search, sort, 50 a page',
          params: CompanyParams,
          querystring: Type.Object({
            projectIds: Type.String({ description: 'comma-separated project ids (at most 100)', maxLength: 3700, pattern: '^([0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36})*)?$' }),
            assigneeId: Type.Optional(Id),
            status: Type.Optional(Status),
            priority: Type.Optional(Priority),
            search: Type.Optional(Text(200)),
            sort: Type.Optional(Type.Union(TASK_SORTS.map((s) => Type.Literal(s)))),
            order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
            page: Type.Optional(PageNumber),
            pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
          }),
          response: {
            200: Type.Object({
              tasks: Type.Array(Type.Intersect([TaskSummary, Type.Object({ projectId: Type.String(), projectName: Type.String(), updatedAt: Type.String() })])),
              total: Type.Integer(),
            }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const q = request.query;
        return listTasks(db, access.company.company_id, {
          projectIds: q.projectIds.split(',').filter((id) => /^[0-9a-f-]{36}$/i.test(id)),
          assigneeId: q.assigneeId,
          status: q.status,
          priority: q.priority,
          search: q.search,
          sort: q.sort ?? 'taskId',
          order: q.order ?? 'asc',
          page: q.page ?? 1,
          pageSize: q.pageSize ?? 50,
        });
      },
    );

    app.post(
      '/api/companies/:companyId/tasks',
      {
        config: { access: inCompany({ command: 'CreateTask', write: true }) },
        schema: {
          tags,
          summary: 'Create a task; its id is the project prefix and a running number',
          params: CompanyParams,
          body: TaskBody,
          response: { 201: Type.Object({ taskId: Type.String(), projectName: Type.String(), message: Type.String(), position: LogPosition }), ...errorResponses },
        },
      },
      async (request, reply) => {
        const access = accessOf(request);
        const { taskId, projectName, position } = await projects.createTask(access, request.body, requestMetadata(request, access.userId));
        return reply.status(201).send({ taskId, projectName, message: 'Task submitted successfully', position: positionText(position) });
      },
    );

    app.get(
      '/api/companies/:companyId/tasks/:taskId',
      {
        config: { access: inCompany() },
        schema: {
          tags,
          summary: 'A task with its comments (managers: any; Clients: those of their projects; anyone: those assigned to them)',
          params: TaskParams,
          response: {
            200: Type.Intersect([
              TaskSummary,
              Type.Object({
                description: Type.String(),
                projectId: Type.String(),
                projectName: Type.String(),
                createdAt: Type.String(),
                updatedAt: Type.String(),
                comments: Type.Array(Type.Object({ commentId: Type.String(), userId: Type.String(), userName: Type.String(), html: Type.String(), createdAt: Type.String() })),
              }),
            ]),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const found = await readableTask(access, request.params.taskId);
        if (!found) throw notFound(taskMessages.notFound);
        return found;
      },
    );

    app.patch(
      '/api/companies/:companyId/tasks/:taskId',
      {
        config: { access: inCompany({ command: 'EditTask', write: true }) },
        schema: { tags, summary: 'Edit a task’s fields', params: TaskParams, body: Type.Partial(TaskBody), response: { 200: CommandResponse, ...errorResponses } },
      },
      async (request) => {
        const access = accessOf(request);
        const position = await projects.editTask(access, request.params.taskId, request.body, requestMetadata(request, access.userId));
        return { message: 'Task updated successfully', position: positionText(position) };
      },
    );

    app.delete(
      '/api/companies/:companyId/tasks/:taskId',
      { config: { access: inCompany({ command: 'DeleteTask', write: true }) }, schema: { tags, summary: 'Delete a task (kept for history)', params: TaskParams, response: { 200: CommandResponse, ...errorResponses } } },
      async (request) => {
        const access = accessOf(request);
        const position = await projects.deleteTask(access, request.params.taskId, requestMetadata(request, access.userId));
        return { message: 'Task deleted successfully', position: positionText(position) };
      },
    );

    app.post(
      '/api/companies/:companyId/tasks/:taskId/comments',
      {
        config: { access: inCompany({ command: 'AddComment', write: true }) },
        schema: {
          tags,
          summary: 'Comment on a task (rich text, sanitised): managers, and the person it is assigned to',
          params: TaskParams,
          body: Type.Object({ html: Text(100_000) }),
          response: { 201: Type.Object({ commentId: Type.String(), message: Type.String(), position: LogPosition }), ...errorResponses },
        },
      },
      async (request, reply) => {
        const access = accessOf(request);
        await context.allowances.take(commentLimit, access.userId);
        const { commentId, position } = await projects.addComment(access, request.params.taskId, request.body.html, requestMetadata(request, access.userId));
        return reply.status(201).send({ commentId, message: 'Comment added', position: positionText(position) });
      },
    );

    app.delete(
      '/api/companies/:companyId/tasks/:taskId/comments/:commentId',
      {
        config: { access: inCompany({ command: 'DeleteComment', write: true }) },
        schema: {
          tags,
          summary: 'Delete a comment (kept for history)',
          params: Type.Object({ companyId: Id, taskId: TaskId, commentId: Id }),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const position = await projects.deleteComment(access, request.params.taskId, request.params.commentId, requestMetadata(request, access.userId));
        return { message: 'Comment deleted', position: positionText(position) };
      },
    );

    app.get(
      '/api/companies/:companyId/tasks/:taskId/history',
      {
        config: { access: inCompany({ command: 'EditTask' }) },
        schema: {
          tags,
          summary: 'A task’s history, newest first: pages of `limit` (10), or all with complete=true',
          params: TaskParams,
          querystring: Type.Object({
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
            offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
            complete: Type.Optional(Type.Boolean()),
          }),
          response: {
            200: Type.Object({
              history: Type.Array(
                Type.Object({
                  id: Type.String(),
                  changeType: Type.String(),
                  field: Type.Union([Type.String(), Type.Null()]),
                  previousValues: Type.Union([Type.String(), Type.Null()]),
                  newValues: Type.Union([Type.String(), Type.Null()]),
                  changedBy: Type.Object({ userId: Type.String(), userName: Type.String() }),
                  timestamp: Type.String(),
                  commentText: Type.Union([Type.String(), Type.Null()]),
                }),
              ),
              hasMore: Type.Boolean(),
              nextOffset: Type.Integer(),
              totalCount: Type.Integer(),
            }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { limit = 10, offset = 0, complete = false } = request.query;
        if (!(await taskWasCreated(db, access.company.company_id, request.params.taskId))) throw notFound(taskMessages.notFound);
        return taskHistory(db, access.company.company_id, request.params.taskId, complete ? 100_000 : limit, complete ? 0 : offset);
      },
    );

    app.post(
      '/api/companies/:companyId/tasks/:taskId/images',
      {
        config: { access: inCompany({ command: 'EditTask', write: true }) },
        schema: {
          tags,
          summary: 'Upload an image for a task description (PNG, JPEG, WebP or GIF, up to 5 MB; multipart field "file")',
          consumes: ['multipart/form-data'],
          params: TaskParams,
          response: { 201: Type.Object({ url: Type.String(), mime: Type.String() }), ...errorResponses },
        },
      },
      async (request, reply) => {
        const access = accessOf(request);
        await context.allowances.take(taskImageLimit, access.userId);
        let bytes: Buffer;
        try {
          const file = await request.file();
          if (!file) throw new Error('no file');
          bytes = await file.toBuffer();
        } catch {
          return reply.status(400).send({ statusCode: 400, error: 'invalid', message: UPLOAD_FAILED });
        }
        return reply.status(201).send(await projects.uploadTaskImage(access, request.params.taskId, bytes));
      },
    );

    app.get(
      '/api/companies/:companyId/files/task-images/:taskId/:file',
      {
        config: { access: inCompany() },
        schema: {
          tags,
          summary: 'A task image, only for those who may read the task: managers, Clients of its project, its assignee',
          params: Type.Object({ companyId: Id, taskId: TaskId, file: Type.String({ maxLength: 60, pattern: '^[0-9a-f-]{36}\\.(png|jpg|webp|gif)$' }) }),
        },
      },
      async (request, reply) => {
        const access = accessOf(request);
        // Anyone who may not read the task hears of no file, as for one that does not exist.
        const readable = await readableTask(access, request.params.taskId);
        const bytes = readable && (await projects.readTaskImage(access, request.params.taskId, request.params.file));
        if (!bytes) throw notFound('File not found');
        const ext = request.params.file.split('.').pop()!;
        const mime = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' }[ext] ?? 'application/octet-stream';
        return reply
          .header('content-type', mime)
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .send(bytes);
      },
    );
  };
}
