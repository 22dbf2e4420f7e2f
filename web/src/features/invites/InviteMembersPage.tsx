import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { EMAIL_PATTERN, normalizeEmail } from '../../../../domain/identity/validation.ts';
import { grantableRoles, mayRun } from '../../../../domain/members/authorization.ts';
import { managesAs } from '../../../../domain/members/read-rights.ts';
import { inEveryTeam, isRole, joinsProjects, joinsTeams, type Role } from '../../../../domain/members/roles.ts';
import { errorMessage } from '../../lib/errorMessage';
import { notify } from '../../lib/notify';
import { useProfile } from '../../shared/identity/useProfile';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { managedTeams } from '../../shared/teams/managedTeams';
import { teamsQueryOptions } from '../../shared/teams/teamsQueryOptions';
import { inviteFormMessages, inviteMessages } from '../../../../domain/invites/invitations.ts';
import { projectsQueryOptions } from '../../shared/projects/projectsQueryOptions';
import { INVITE_ROLE_OPTIONS } from './inviteRoles';
import { InviteResultsTable } from './InviteResultsTable';
import { type InviteOutcome, invitesApi } from '../../shared/invites/invitesApi';
import { PageTitle } from '../../shared/ui/PageTitle';

const TITLE = 'Send Invite to Teams';

/** /manage-teams/invite: invite people by e-mail as Team Member, Manager, Admin, or Client of projects (management §2, §5). */
export function InviteMembersPage() {
  const company = useActiveCompany();

  if (!company) return <EmptyPage title={TITLE} />;
  return <InviteMembers companyId={company.companyId} senderRole={company.role} />;
}

interface InviteValues {
  emails: string[];
  role: string | null;
  teamIds: string[];
  projectIds: string[];
}

function InviteMembers({ companyId, senderRole }: { companyId: string; senderRole: Role }) {
  const profile = useProfile();
  const teams = useQuery(teamsQueryOptions(companyId));
  const projects = useQuery(projectsQueryOptions(companyId));
  const [results, setResults] = useState<InviteOutcome[]>([]);
  const form = useForm<InviteValues>({
    initialValues: { emails: [], role: null, teamIds: [], projectIds: [] },
    validate: {
      emails: (emails) => {
        if (emails.length === 0) return inviteFormMessages.emailRequired;
        return emails.every((email) => EMAIL_PATTERN.test(email)) ? null : inviteFormMessages.emailInvalid;
      },
      role: (role) => (role ? null : inviteFormMessages.roleRequired),
      teamIds: (teamIds, { role }) => (role && joinsTeams(role) && teamIds.length === 0 ? inviteFormMessages.teamRequired : null),
      projectIds: (projectIds, { role }) => (role && joinsProjects(role) && projectIds.length === 0 ? inviteMessages.projectRequired : null),
    },
  });

  const send = useMutation({
    mutationFn: (body: Parameters<typeof invitesApi.send>[1]) => invitesApi.send(companyId, body),
    onSuccess: ({ results: outcomes }) => {
      for (const outcome of outcomes) {
        const title = outcome.teamName ? `${outcome.email} · ${outcome.teamName}` : outcome.email;
        (outcome.sent ? notify.success : notify.warning)(outcome.message, title);
      }
      setResults(outcomes);
      form.setFieldValue('emails', []);
    },
    onError: (error) => notify.error(errorMessage(error)),
  });

  if (!mayRun(senderRole, 'SendInvite')) {
    return (
      <Stack gap="lg">
        <PageTitle>{TITLE}</PageTitle>
        <Alert color="yellow">Only Admins, Heads and Managers can invite people.</Alert>
      </Stack>
    );
  }

  const role = form.values.role;
  const invitableTeams = managedTeams(teams.data ?? [], senderRole, profile.id);
  const teamsLabel = role && managesAs(role) ? 'Managing teams' : 'Member of teams';

  return (
    <Stack gap="lg">
      <div>
        <Breadcrumbs>
          <Anchor size="sm" renderRoot={(props) => <Link to="/manage-teams" search={{ tab: 'teams' }} {...props} />}>
            Teams
          </Anchor>
          <Anchor size="sm" renderRoot={(props) => <Link to="/manage-teams/invite" {...props} />}>
            Add team members
          </Anchor>
        </Breadcrumbs>
        <PageTitle mt="xs">
          {TITLE}
        </PageTitle>
      </div>

      <Paper withBorder radius="md" p="lg" maw={640}>
        <form
          noValidate
          onSubmit={form.onSubmit(({ emails, role: chosen, teamIds, projectIds }) => {
            if (!chosen || !isRole(chosen)) return;
            send.mutate({
              emails,
              role: chosen,
              teamIds: joinsTeams(chosen) ? teamIds : [],
              projectIds: joinsProjects(chosen) ? projectIds : [],
            });
          })}
        >
          <Stack>
            <TagsInput
              label="Email addresses"
              description="Press Enter, comma or space after each address."
              placeholder={form.values.emails.length ? undefined : 'name@company.com'}
              withAsterisk
              splitChars={[',', ' ', ';']}
              clearable
              {...form.getInputProps('emails')}
              // Addresses are compared lower-cased, so the list keeps one of each.
              onChange={(emails) => form.setFieldValue('emails', [...new Set(emails.map(normalizeEmail).filter(Boolean))])}
            />
            <Select
              label="Access level"
              placeholder="Select access level"
              withAsterisk
              data={INVITE_ROLE_OPTIONS.map((option) => ({
                ...option,
                // Admin and Client invites are an Admin's; nobody hands out a role above their own.
                disabled: !grantableRoles(senderRole).includes(option.value),
              }))}
              {...form.getInputProps('role')}
            />
            {role && joinsProjects(role) && (
              <MultiSelect
                label="Projects"
                placeholder={form.values.projectIds.length ? undefined : 'Select projects'}
                withAsterisk
                searchable
                data={(projects.data ?? []).map((project) => ({ value: project.projectId, label: project.name }))}
                nothingFoundMessage={projects.isPending ? 'Loading projects...' : 'No projects yet'}
                {...form.getInputProps('projectIds')}
              />
            )}
            {role && joinsTeams(role) && (
              <MultiSelect
                label={teamsLabel}
                placeholder={form.values.teamIds.length ? undefined : 'Select teams'}
                withAsterisk
                searchable
                data={invitableTeams.map((team) => ({ value: team.teamId, label: team.teamName }))}
                nothingFoundMessage={teams.isPending ? 'Loading teams...' : 'No teams to invite to'}
                {...form.getInputProps('teamIds')}
              />
            )}
            {role && inEveryTeam(role) && (
              <Text size="sm" c="dimmed">
                Admins join every team of the company.
              </Text>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending}>
                Send Invite
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      {results.length > 0 && (
        <Stack gap="xs" maw={900}>
          <Title order={4}>Invite results</Title>
          <InviteResultsTable results={results} />
        </Stack>
      )}
    </Stack>
  );
}
