import { type Kysely, sql } from 'kysely';

/** Read models of projects, tasks, comments and task history (projections/projects-and-tasks, projections/task-history). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE projects (
      project_id uuid PRIMARY KEY,
      company_id uuid NOT NULL,
      name text NOT NULL,
      prefix text NOT NULL,
      deleted boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX projects_company_idx ON projects (company_id, name) WHERE NOT deleted`.execute(db);

  await sql`
    CREATE TABLE tasks (
      company_id uuid NOT NULL,
      task_id text NOT NULL,
      number integer NOT NULL,
      project_id uuid NOT NULL,
      title text NOT NULL,
      description text NOT NULL,
      status text NOT NULL,
      priority text NOT NULL,
      eta date,
      assignee_id uuid NOT NULL,
      created_by uuid NOT NULL,
      deleted boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (company_id, task_id)
    )`.execute(db);
  await sql`CREATE INDEX tasks_project_idx ON tasks (company_id, project_id, updated_at DESC) WHERE NOT deleted`.execute(db);
  await sql`CREATE INDEX tasks_assignee_idx ON tasks (company_id, assignee_id, status) WHERE NOT deleted`.execute(db);

  await sql`
    CREATE TABLE task_comments (
      comment_id uuid PRIMARY KEY,
      company_id uuid NOT NULL,
      task_id text NOT NULL,
      user_id uuid NOT NULL,
      user_name text NOT NULL,
      html text NOT NULL,
      deleted boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX task_comments_task_idx ON task_comments (company_id, task_id, created_at)`.execute(db);

  await sql`
    CREATE TABLE task_history (
      company_id uuid NOT NULL,
      task_id text NOT NULL,
      event_id uuid NOT NULL,
      -- The event's version in the task's stream: the history's exact order.
      version integer NOT NULL,
      change_type text NOT NULL,
      field text,
      previous_value text,
      new_value text,
      changed_by_user_id uuid NOT NULL,
      changed_by_name text NOT NULL,
      comment_text text,
      changed_at timestamptz NOT NULL,
      PRIMARY KEY (company_id, task_id, event_id)
    )`.execute(db);
  await sql`CREATE INDEX task_history_order_idx ON task_history (company_id, task_id, version DESC)`.execute(db);

  await sql`
    CREATE TABLE client_projects (
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      project_id uuid NOT NULL,
      PRIMARY KEY (company_id, user_id, project_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['client_projects', 'task_history', 'task_comments', 'tasks', 'projects']) {
    await sql`DROP TABLE ${sql.id(table)}`.execute(db);
  }
}
