import { Button, Group, Stack, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { mayRun } from '../../../../domain/members/authorization.ts';
import { useProfile } from '../../shared/identity/useProfile';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { MembersTab } from './MembersTab';
import type { ManageTeamsTab } from './manageTeamsTabs';
import { TeamFormModal } from './TeamFormModal';
import { TeamsTab } from './TeamsTab';
import { PageTitle } from '../../shared/ui/PageTitle';

interface ManageTeamsPageProps {
  tab: ManageTeamsTab;
}

/** /manage-teams: the Teams and Members tabs (management §2). */
export function ManageTeamsPage({ tab }: ManageTeamsPageProps) {
  const company = useActiveCompany();
  const profile = useProfile();
  const navigate = useNavigate();
  const [addOpened, addDialog] = useDisclosure(false);

  if (!company) return <EmptyPage title="Teams" />;

  const role = company.role;
  const withMembers = mayRun(role, 'EditMember');
  if (tab === 'members' && !withMembers) return <Navigate to="/manage-teams" search={{ tab: 'teams' }} replace />;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <PageTitle>Teams</PageTitle>
        {mayRun(role, 'CreateTeam') && (
          <Group gap="sm">
            <Button variant="default" renderRoot={(props) => <Link to="/manage-teams/invite" {...props} />}>
              Invite Members
            </Button>
            <Button onClick={addDialog.open}>Add Team</Button>
          </Group>
        )}
      </Group>

      <Tabs
        value={tab}
        onChange={(next) => next && void navigate({ to: '/manage-teams', search: { tab: next } })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="teams">Teams</Tabs.Tab>
          {withMembers && <Tabs.Tab value="members">Members</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="teams" pt="md">
          <TeamsTab companyId={company.companyId} role={role} userId={profile.id} />
        </Tabs.Panel>
        {withMembers && (
          <Tabs.Panel value="members" pt="md">
            <MembersTab companyId={company.companyId} role={role} userId={profile.id} />
          </Tabs.Panel>
        )}
      </Tabs>

      <TeamFormModal companyId={company.companyId} opened={addOpened} team={null} onClose={addDialog.close} />
    </Stack>
  );
}
