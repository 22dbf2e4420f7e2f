import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { projectStream } from '../../domain/projects/events.ts';
import { project, type ProjectCommand } from '../../domain/projects/project.ts';
import type { TaskPriority, TaskStatus } from '../../domain/tasks/choices.ts';
import { comment, type CommentCommand, type CommentedTask, commentedTask } from '../../domain/tasks/comment.ts';
import { taskCommentStream, type TaskEvent, type TaskFields, taskStream } from '../../domain/tasks/events.ts';
import { TASK_FIELDS, task, type TaskCommand, type TaskContext, taskIdOf, taskMessages } from '../../domain/tasks/task.ts';
import { invalid, notFound } from '../../domain/shared/errors.ts';
import { handleCommand, loadStream, type StreamState, StreamStateCache, uuidFrom } from '../../eventstore/command-handler.ts';
import { sharedReads } from '../../eventstore/shared-reads.ts';
import type { EventMetadata, EventStore } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import type { CompanyAccess } from '../access/membership.ts';
import { storedTaskImage, TASK_IMAGE_RULES } from '../images/intake.ts';
import type { FileStorage } from '../storage/storage.ts';
import { sanitizeRichText } from './sanitize.ts';
import { createTaskNumberAllocator } from './task-numbers.ts';

export const { maxBytes: MAX_IMAGE_BYTES, notAnImage: UPLOAD_FAILED } = TASK_IMAGE_RULES;

const step = (metadata: EventMetadata, name: string): EventMetadata =>
  metadata.commandId ? { ...metadata, commandId: `${metadata.commandId}:${name}` } : metadata;

/** A task form as the API takes it: the decider checks status and priority, answering with the form's messages. */
export type TaskInput = Omit<TaskFields, 'status' | 'priority'> & { status: string; priority: string };

/** Only the task fields given, by name: nothing else a caller sends reaches a command. */
function taskChanges(input: Partial<TaskInput>): Partial<TaskFields> {
  return Object.fromEntries(TASK_FIELDS.filter((field) => input[field] !== undefined).map((field) => [field, input[field]]));
}

export type ProjectsService = ReturnType<typeof createProjectsService>;

export function createProjectsService({ store, db, storage }: { store: EventStore; db: Kysely<Database>; storage: FileStorage }) {
  const numbers = createTaskNumberAllocator(store);
  /** Who sends a project or task command: the actor the decider checks, and the name history shows. */
  const authorOf = (access: CompanyAccess) => ({ actor: access.actor, actorName: access.name });

  const runProject = (access: CompanyAccess, projectId: string, command: ProjectCommand, metadata: EventMetadata) =>
    handleCommand(store, projectStream(projectId), project, command, {}, { ...metadata, companyId: access.company.company_id });

  async function liveProject(companyId: string, projectId: string) {
    const row = await db.selectFrom('projects').selectAll().where('project_id', '=', projectId).where('company_id', '=', companyId).where('deleted', '=', false).executeTakeFirst();
    if (!row) throw notFound('Project not found');
    return row;
  }

  /** Looked-up facts a task decision needs: who can be assigned, which projects exist. */
  async function taskContext(companyId: string): Promise<TaskContext> {
    const [assignable, projects] = await Promise.all([
      db
        .selectFrom('team_members as tm')
        .innerJoin('teams as t', 't.team_id', 'tm.team_id')
        .innerJoin('company_members as m', (join) => join.onRef('m.company_id', '=', 'tm.company_id').onRef('m.user_id', '=', 'tm.user_id'))
        .select('tm.user_id')
        .distinct()
        .where('tm.company_id', '=', companyId)
        .where('t.deleted', '=', false)
        .where('m.deleted', '=', false)
        .execute(),
      db.selectFrom('projects').select('project_id').where('company_id', '=', companyId).where('deleted', '=', false).execute(),
    ]);
    const users = new Set(assignable.map((a) => a.user_id));
    const projectIds = new Set(projects.map((p) => p.project_id));
    return { isAssignable: (userId) => users.has(userId), isProject: (projectId) => projectIds.has(projectId) };
  }

  /** A command on an existing task of the caller's company. */
  const runTask = async (access: CompanyAccess, taskId: string, command: Exclude<TaskCommand, { type: 'CreateTask' }>, metadata: EventMetadata) => {
    const companyId = access.company.company_id;
    const exists = await db.selectFrom('tasks').select('task_id').where('company_id', '=', companyId).where('task_id', '=', taskId).executeTakeFirst();
    if (!exists) throw notFound(taskMessages.notFound);
    return handleCommand(store, taskStream(companyId, taskId), task, command, await taskContext(companyId), { ...metadata, companyId });
  };

  /**
   * Tasks as their comments need them, kept between comments so that a crowd
   * commenting on one task reads only what its stream gained since (usually
   * nothing), not the whole stream each. Kept without outcomes: the task's
   * commands do not run on this state.
   */
  const commentedTasks = new StreamStateCache<CommentedTask, TaskEvent>(5_000);
  const noOutcomes = new Map<string, never>();
  const taskReads = sharedReads<StreamState<CommentedTask, TaskEvent>>();

  /** A command on one comment, written to the comment's own stream and decided on the task as its stream has it now. */
  const runComment = async (access: CompanyAccess, taskId: string, command: CommentCommand, metadata: EventMetadata) => {
    const companyId = access.company.company_id;
    const streamId = taskStream(companyId, taskId);
    const loaded = await taskReads(streamId, async () => {
      const read = await loadStream(store, streamId, commentedTask, undefined, commentedTasks.get(streamId));
      commentedTasks.set(streamId, { ...read, outcomes: noOutcomes });
      return read;
    });
    return handleCommand(store, taskCommentStream(companyId, taskId, command.commentId), comment, command, { task: loaded.state }, { ...metadata, companyId });
  };

  return {
    async createProject(access: CompanyAccess, name: string, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      const projectId = metadata.commandId ? uuidFrom(`project:${companyId}:${metadata.commandId}`) : randomUUID();
      const { position } = await runProject(access, projectId, { type: 'CreateProject', projectId, companyId, name, ...authorOf(access) }, metadata);
      return { projectId, position };
    },

    async renameProject(access: CompanyAccess, projectId: string, name: string, metadata: EventMetadata) {
      await liveProject(access.company.company_id, projectId);
      return (await runProject(access, projectId, { type: 'RenameProject', name, ...authorOf(access) }, metadata)).position;
    },

    async deleteProject(access: CompanyAccess, projectId: string, metadata: EventMetadata) {
      await liveProject(access.company.company_id, projectId);
      return (await runProject(access, projectId, { type: 'DeleteProject', ...authorOf(access) }, metadata)).position;
    },

    /**
     * Decides the task first (a refused one takes no number), then takes the
     * next number for the project's prefix, then writes the task: two tasks
     * never share an id. A number taken for a task that was then not written
     * is skipped; a retried request takes its number again.
     */
    async createTask(access: CompanyAccess, input: TaskInput, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      if (!input.projectId) throw invalid('Please select a project');
      const projectRow = await liveProject(companyId, input.projectId);
      const description = sanitizeRichText(input.description, companyId);
      const fields: TaskFields = {
        title: input.title,
        description: description.text ? description.html : '',
        status: input.status as TaskStatus,
        priority: input.priority as TaskPriority,
        eta: input.eta,
        assigneeId: input.assigneeId,
        projectId: projectRow.project_id,
      };
      const create = (taskId: string, number: number): TaskCommand => ({ type: 'CreateTask', taskId, companyId, number, fields, ...authorOf(access) });
      const context = await taskContext(companyId);
      // Refused here (a bad form, or no right to it), a task takes no number.
      task.decide(create('check', 0), task.initialState, context);
      const number = await numbers.take(
        { type: 'TakeTaskNumber', companyId, prefix: projectRow.prefix, projectId: projectRow.project_id, actor: access.actor },
        { ...step(metadata, 'number'), companyId },
      );
      const taskId = taskIdOf(projectRow.prefix, number);
      const { position } = await handleCommand(store, taskStream(companyId, taskId), task, create(taskId, number), context, { ...step(metadata, 'create'), companyId });
      return { taskId, projectName: projectRow.name, position };
    },

    async editTask(access: CompanyAccess, taskId: string, input: Partial<TaskInput>, metadata: EventMetadata) {
      const changes = taskChanges(input);
      if (input.description !== undefined) {
        const description = sanitizeRichText(input.description, access.company.company_id);
        changes.description = description.text || description.html.includes('<img') ? description.html : '';
      }
      return (await runTask(access, taskId, { type: 'EditTask', changes, ...authorOf(access) }, metadata)).position;
    },

    async deleteTask(access: CompanyAccess, taskId: string, metadata: EventMetadata) {
      return (await runTask(access, taskId, { type: 'DeleteTask', ...authorOf(access) }, metadata)).position;
    },

    async addComment(access: CompanyAccess, taskId: string, html: string, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      const clean = sanitizeRichText(html, companyId);
      // Derived from the key and the task it names: the same key on two tasks is two comments.
      const commentId = metadata.commandId ? uuidFrom(`comment:${companyId}:${taskId}:${metadata.commandId}`) : randomUUID();
      const { position } = await runComment(access, taskId, { type: 'AddComment', commentId, html: clean.html, text: clean.text, ...authorOf(access) }, metadata);
      return { commentId, position };
    },

    async deleteComment(access: CompanyAccess, taskId: string, commentId: string, metadata: EventMetadata) {
      return (await runComment(access, taskId, { type: 'DeleteComment', commentId, ...authorOf(access) }, metadata)).position;
    },

    /** Stores an image for a task's description: PNG, JPEG, WebP or GIF by their bytes, within the image intake's limits, re-encoded. */
    async uploadTaskImage(access: CompanyAccess, taskId: string, bytes: Buffer) {
      const companyId = access.company.company_id;
      const exists = await db.selectFrom('tasks').select('task_id').where('company_id', '=', companyId).where('task_id', '=', taskId).where('deleted', '=', false).executeTakeFirst();
      if (!exists) throw notFound(taskMessages.notFound);
      const image = await storedTaskImage(bytes);
      const file = `${randomUUID()}.${image.ext}`;
      await storage.put(`${companyId}/task-images/${taskId}/${file}`, image.bytes);
      return { url: `/api/companies/${companyId}/files/task-images/${encodeURIComponent(taskId)}/${file}`, mime: image.mime };
    },

    async readTaskImage(access: CompanyAccess, taskId: string, file: string) {
      if (!/^[0-9a-f-]{36}\.(png|jpg|webp|gif)$/.test(file) || !/^[A-Z]{2}-\d+$/.test(taskId)) return null;
      return storage.get(`${access.company.company_id}/task-images/${taskId}/${file}`);
    },
  };
}
