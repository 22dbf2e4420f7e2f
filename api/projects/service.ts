import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fileTypeFromBuffer } from 'file-type';
import { projectStream } from '../../domain/projects/events.ts';
import { project, type ProjectActor, type ProjectCommand } from '../../domain/projects/project.ts';
import { taskNumbersStream, taskStream, type TaskFields } from '../../domain/tasks/events.ts';
import { task, type TaskCommand, type TaskContext, taskIdOf, taskMessages, taskNumbers } from '../../domain/tasks/task.ts';
import { DomainError, invalid, notFound } from '../../domain/shared/errors.ts';
import { handleCommand, uuidFrom } from '../../eventstore/command-handler.ts';
import type { EventMetadata, EventStore } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import type { CompanyAccess } from '../http/access.ts';
import type { FileStorage } from '../storage/storage.ts';
import { sanitizeRichText } from './sanitize.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const UPLOAD_FAILED = 'File could not be uploaded';
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

const step = (metadata: EventMetadata, name: string): EventMetadata =>
  metadata.commandId ? { ...metadata, commandId: `${metadata.commandId}:${name}` } : metadata;

export type ProjectsService = ReturnType<typeof createProjectsService>;

export function createProjectsService({ store, db, storage }: { store: EventStore; db: Kysely<Database>; storage: FileStorage }) {
  const actorOf = (access: CompanyAccess): ProjectActor => ({ userId: access.userId, name: access.name, role: access.role });
  const by = (access: CompanyAccess) => ({ userId: access.userId, name: access.name });

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

  const runTask = async (access: CompanyAccess, taskId: string, command: TaskCommand, metadata: EventMetadata) => {
    const companyId = access.company.company_id;
    const exists = await db.selectFrom('tasks').select('task_id').where('company_id', '=', companyId).where('task_id', '=', taskId).executeTakeFirst();
    if (!exists && command.type !== 'CreateTask') throw notFound(taskMessages.notFound);
    return handleCommand(store, taskStream(companyId, taskId), task, command, await taskContext(companyId), { ...metadata, companyId });
  };

  return {
    async createProject(access: CompanyAccess, name: string, metadata: EventMetadata) {
      const projectId = metadata.commandId ? uuidFrom(`project:${metadata.commandId}`) : randomUUID();
      const { position } = await runProject(access, projectId, { type: 'CreateProject', projectId, companyId: access.company.company_id, name, actor: actorOf(access) }, metadata);
      return { projectId, position };
    },

    async renameProject(access: CompanyAccess, projectId: string, name: string, metadata: EventMetadata) {
      await liveProject(access.company.company_id, projectId);
      return (await runProject(access, projectId, { type: 'RenameProject', name, actor: actorOf(access) }, metadata)).position;
    },

    async deleteProject(access: CompanyAccess, projectId: string, metadata: EventMetadata) {
      await liveProject(access.company.company_id, projectId);
      return (await runProject(access, projectId, { type: 'DeleteProject', actor: actorOf(access) }, metadata)).position;
    },

    /** Takes the next number for the project's prefix, then writes the task: two tasks never share an id. */
    async createTask(access: CompanyAccess, fields: TaskFields, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      if (!fields.projectId) throw invalid('Please select a project');
      const projectRow = await liveProject(companyId, fields.projectId);
      const description = sanitizeRichText(fields.description);
      const command = { ...fields, description: description.text ? description.html : '' };
      // Refuse a bad form before a number is taken.
      task.decide({ type: 'CreateTask', taskId: 'check', companyId, number: 0, by: by(access), ...command }, task.initialState, await taskContext(companyId));
      const numbered = await handleCommand(
        store,
        taskNumbersStream(companyId, projectRow.prefix),
        taskNumbers,
        { type: 'TakeTaskNumber', companyId, prefix: projectRow.prefix, projectId: projectRow.project_id },
        {},
        { ...step(metadata, 'number'), companyId },
      );
      const number = numbered.events[numbered.events.length - 1].data.number;
      const taskId = taskIdOf(projectRow.prefix, number);
      const { position } = await runTask(access, taskId, { type: 'CreateTask', taskId, companyId, number, by: by(access), ...command }, step(metadata, 'create'));
      return { taskId, projectName: projectRow.name, position };
    },

    async editTask(access: CompanyAccess, taskId: string, changes: Partial<TaskFields>, metadata: EventMetadata) {
      const clean = { ...changes };
      if (changes.description !== undefined) {
        const description = sanitizeRichText(changes.description);
        clean.description = description.text || description.html.includes('<img') ? description.html : '';
      }
      return (await runTask(access, taskId, { type: 'EditTask', changes: clean, by: by(access) }, metadata)).position;
    },

    async deleteTask(access: CompanyAccess, taskId: string, metadata: EventMetadata) {
      return (await runTask(access, taskId, { type: 'DeleteTask', by: by(access) }, metadata)).position;
    },

    async addComment(access: CompanyAccess, taskId: string, html: string, metadata: EventMetadata) {
      const clean = sanitizeRichText(html);
      const commentId = metadata.commandId ? uuidFrom(`comment:${metadata.commandId}`) : randomUUID();
      const { position } = await runTask(access, taskId, { type: 'AddComment', commentId, html: clean.html, text: clean.text, by: by(access) }, metadata);
      return { commentId, position };
    },

    async deleteComment(access: CompanyAccess, taskId: string, commentId: string, metadata: EventMetadata) {
      return (await runTask(access, taskId, { type: 'DeleteComment', commentId, by: by(access) }, metadata)).position;
    },

    /** Stores an image for a task's description; only PNG, JPEG, WebP and GIF, known by their bytes. */
    async uploadTaskImage(access: CompanyAccess, taskId: string, bytes: Buffer) {
      const companyId = access.company.company_id;
      const exists = await db.selectFrom('tasks').select('task_id').where('company_id', '=', companyId).where('task_id', '=', taskId).where('deleted', '=', false).executeTakeFirst();
      if (!exists) throw notFound(taskMessages.notFound);
      const type = bytes.length <= MAX_IMAGE_BYTES ? await fileTypeFromBuffer(bytes) : undefined;
      if (!type || !IMAGE_TYPES.has(type.mime)) throw new DomainError('invalid', UPLOAD_FAILED);
      const file = `${randomUUID()}.${type.ext}`;
      await storage.put(`${companyId}/task-images/${taskId}/${file}`, bytes);
      return { url: `/api/companies/${companyId}/files/task-images/${encodeURIComponent(taskId)}/${file}`, mime: type.mime };
    },

    async readTaskImage(access: CompanyAccess, taskId: string, file: string) {
      if (!/^[0-9a-f-]{36}\.(png|jpg|webp|gif)$/.test(file) || !/^[A-Z]{2}-\d+$/.test(taskId)) return null;
      return storage.get(`${access.company.company_id}/task-images/${taskId}/${file}`);
    },
  };
}
