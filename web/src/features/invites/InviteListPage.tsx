import { Badge, Box, Button, EmptyState, Paper, Skeleton, Stack, Table, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { joinsProjects } from '../../../../domain/members/roles.ts';
import { accessLevelColor } from '../../shared/members/accessLevelColor';
import { formatExpiry } from './formatExpiry';
import type { Invitation } from '../../shared/invites/Invitation';
import { myInvitesQueryOptions } from './myInvitesQueryOptions';
import { PageTitle } from '../../shared/ui/PageTitle';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';

/** /inviteList: the user's pending invites, team invites (a team, or Admin of a company) apart from project invites (Client). */
export function InviteListPage() {
  const invites = useQuery(myInvitesQueryOptions);
  const teamInvites = (invites.data ?? []).filter((invite) => !joinsProjects(invite.invitedAs));
  const projectInvites = (invites.data ?? []).filter((invite) => joinsProjects(invite.invitedAs));

  return (
    <Stack gap="lg">
      <PageTitle>Invites</PageTitle>
      <Paper withBorder radius="md" p="md">
        <Tabs defaultValue="team">
          <Tabs.List>
            <Tabs.Tab value="team" rightSection={<CountBadge count={teamInvites.length} />}>
              Team Invites
            </Tabs.Tab>
            <Tabs.Tab value="project" rightSection={<CountBadge count={projectInvites.length} />}>
              Project Invites
            </Tabs.Tab>
          </Tabs.List>
          {invites.isError ? (
            <Box mt="md">
              <LoadFailedAlert error={invites.error} />
            </Box>
          ) : invites.isPending ? (
            <Stack gap="xs" mt="md" aria-label="Loading invites">
              <Skeleton h={40} />
              <Skeleton h={40} />
            </Stack>
          ) : (
            <>
              <Tabs.Panel value="team" pt="md">
                <InviteTable invites={teamInvites} target="team" />
              </Tabs.Panel>
              <Tabs.Panel value="project" pt="md">
                <InviteTable invites={projectInvites} target="project" />
              </Tabs.Panel>
            </>
          )}
        </Tabs>
      </Paper>
    </Stack>
  );
}

function CountBadge({ count }: { count: number }) {
  return count > 0 ? (
    <Badge size="sm" circle variant="light">
      {count}
    </Badge>
  ) : null;
}

function InviteTable({ invites, target }: { invites: Invitation[]; target: 'team' | 'project' }) {
  if (invites.length === 0) return <EmptyState title="No invites found!" py="xl" />;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Company</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>{target === 'team' ? 'Team' : 'Projects'}</Table.Th>
            <Table.Th>Invited by</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invites.map((invite) => (
            <Table.Tr key={invite.invitationId}>
              <Table.Td fw={500}>{invite.invitedBy.companyName}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={accessLevelColor(invite.invitedAs)}>
                  {invite.invitedAs}
                </Badge>
              </Table.Td>
              <Table.Td>
                {target === 'team'
                  ? (invite.teamName ?? 'All teams')
                  : invite.projects.map((project) => project.name).join(', ')}
              </Table.Td>
              <Table.Td>{invite.invitedBy.fullName}</Table.Td>
              <Table.Td>{formatExpiry(invite.expiresAt)}</Table.Td>
              <Table.Td ta="right">
                <Button
                  size="compact-sm"
                  renderRoot={(props) => (
                    <Link to="/invites/$inviteId" params={{ inviteId: invite.invitationId }} {...props} />
                  )}
                >
                  Proceed
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
