import { Button, Center, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { useActiveTeamStore } from '../../shared/company/activeTeamStore';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { useActiveTeam } from '../../shared/company/useActiveTeam';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { PageTitle } from '../../shared/ui/PageTitle';
import { TeamAttendanceTable } from './TeamAttendanceTable';

const TITLE = 'Team Attendance';
/** Core §2, spelt as the spec spells it. */
const NO_TEAM_TEXT = 'Please create a team to view attendence!';

/** /team-attendance (core §2): the active team's present, absent and short days, newest first. */
export function TeamAttendancePage() {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title={TITLE} noCompanyText={NO_TEAM_TEXT} />;
  return <TeamAttendanceOfCompany company={company} />;
}

function TeamAttendanceOfCompany({ company }: { company: CompanySummary }) {
  const { activeTeam, teams, isPending } = useActiveTeam();
  return (
    <Stack gap="lg">
      <div>
        <PageTitle>{TITLE}</PageTitle>
        {activeTeam && (
          <Text c="dimmed" size="sm">
            {activeTeam.teamName}
          </Text>
        )}
      </div>
      {isPending ? (
        <Skeleton h={240} />
      ) : activeTeam ? (
        // Keyed: another team starts again at the first days, without the last team's rows.
        <TeamAttendanceTable key={activeTeam.teamId} companyId={company.companyId} teamId={activeTeam.teamId} />
      ) : (
        <NoActiveTeam hasTeams={teams.length > 0} />
      )}
    </Stack>
  );
}

/** No team to show: none yet, or several and none chosen (the 'Choose a Team' modal was closed). */
function NoActiveTeam({ hasTeams }: { hasTeams: boolean }) {
  const openTeamChooser = useActiveTeamStore((state) => state.openChooser);
  return (
    <Paper withBorder radius="md" p="xl">
      <Center mih={180}>
        <Stack align="center" gap="md">
          <Text c="dimmed" ta="center">
            {hasTeams ? 'Choose a team to view its attendance.' : NO_TEAM_TEXT}
          </Text>
          {hasTeams ? (
            <Button onClick={openTeamChooser}>Choose a Team</Button>
          ) : (
            <Button variant="default" renderRoot={(props) => <Link to="/manage-teams" search={{ tab: 'teams' }} {...props} />}>
              Manage Teams
            </Button>
          )}
        </Stack>
      </Center>
    </Paper>
  );
}
