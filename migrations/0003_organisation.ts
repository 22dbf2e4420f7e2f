import { type Kysely, sql } from 'kysely';

/** Read models of companies, teams, members and invites (projections/organisation, projections/invites). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE companies (
      company_id uuid PRIMARY KEY,
      name text NOT NULL,
      location_country text NOT NULL,
      location_code text NOT NULL,
      time_zone text NOT NULL,
      work_start text NOT NULL,
      work_end text NOT NULL,
      created_by uuid NOT NULL,
      created_at timestamptz NOT NULL,
      subscription_status text NOT NULL,
      trial_ends_at timestamptz
    )`.execute(db);

  await sql`
    CREATE TABLE company_members (
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      name text NOT NULL,
      email text NOT NULL,
      is_admin boolean NOT NULL DEFAULT false,
      access_level text NOT NULL,
      hourly_rate numeric(12, 2),
      deleted boolean NOT NULL DEFAULT false,
      deleted_at timestamptz,
      joined_at timestamptz NOT NULL,
      PRIMARY KEY (company_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX company_members_user_idx ON company_members (user_id) WHERE NOT deleted`.execute(db);
  await sql`CREATE INDEX company_members_list_idx ON company_members (company_id, deleted, name)`.execute(db);

  await sql`
    CREATE TABLE teams (
      team_id uuid PRIMARY KEY,
      company_id uuid NOT NULL,
      name text NOT NULL,
      deleted boolean NOT NULL DEFAULT false,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX teams_company_idx ON teams (company_id, name) WHERE NOT deleted`.execute(db);

  // Admins appear in every team with the role 'Admin'.
  await sql`
    CREATE TABLE team_members (
      team_id uuid NOT NULL,
      user_id uuid NOT NULL,
      company_id uuid NOT NULL,
      role text NOT NULL,
      PRIMARY KEY (team_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX team_members_member_idx ON team_members (company_id, user_id)`.execute(db);

  await sql`
    CREATE TABLE invites (
      invite_id uuid PRIMARY KEY,
      company_id uuid NOT NULL,
      company_name text NOT NULL,
      email text NOT NULL,
      role text NOT NULL,
      team_id uuid,
      team_name text,
      projects jsonb NOT NULL,
      status text NOT NULL,
      token_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      invited_by_user_id uuid NOT NULL,
      invited_by_name text NOT NULL,
      invited_by_email text NOT NULL,
      sent_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      accepted_by uuid
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX invites_token_idx ON invites (token_hash)`.execute(db);
  await sql`CREATE INDEX invites_email_idx ON invites (email, status)`.execute(db);
  await sql`CREATE INDEX invites_company_idx ON invites (company_id, status)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['invites', 'team_members', 'teams', 'company_members', 'companies']) {
    await sql`DROP TABLE ${sql.id(table)}`.execute(db);
  }
}
