import {
  AccordionChevron,
  ActionIcon,
  Badge,
  CloseButton,
  Collapse,
  EmptyState,
  Group,
  Menu,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useState } from 'react';
import { mayRun } from '../../../../domain/members/authorization.ts';
import { inEveryTeam, type Role } from '../../../../domain/members/roles.ts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { isCompanyGone } from '../../shared/commands/isCompanyGone';
import { managedTeams } from '../../shared/teams/managedTeams';
import type { Team, TeamMember } from '../../shared/teams/Team';
import { TeamFormModal } from './TeamFormModal';
import { teamsApi } from '../../shared/teams/teamsApi';
import { teamsQueryOptions } from '../../shared/teams/teamsQueryOptions';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
import { useLeaveLostCompany } from '../../shared/commands/useLeaveLostCompany';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { CANVAS } from '../../theme';

interface TeamsTabProps {
  companyId: string;
  role: Role;
  userId: string;
}

type TeamDialog =
  | { kind: 'edit'; team: Team }
  | { kind: 'delete'; team: Team }
  | { kind: 'remove-member'; team: Team; member: TeamMember };

/** The Teams tab: teams with expandable member lists, and the edit, delete and remove-member dialogs. */
export function TeamsTab({ companyId, role, userId }: TeamsTabProps) {
  const teams = useQuery(teamsQueryOptions(companyId));
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<TeamDialog | null>(null);
  const closeDialog = () => setDialog(null);
  const leaveLostCompany = useLeaveLostCompany();

  useEffect(() => {
    if (isCompanyGone(teams.error)) leaveLostCompany();
  }, [teams.error, leaveLostCompany]);

  const deleteTeam = useCompanyCommand(companyId, (team: Team) => teamsApi.remove(companyId, team.teamId), {
    onDone: closeDialog,
  });
  const removeMember = useCompanyCommand(
    companyId,
    ({ team, member }: { team: Team; member: TeamMember }) => teamsApi.removeMember(companyId, team.teamId, member.userId),
    { onDone: closeDialog },
  );

  // Members and Clients get their teams without the people in them.
  const seesMembers = mayRun(role, 'EditMember');
  const managed = new Set(managedTeams(teams.data ?? [], role, userId).map((team) => team.teamId));
  const query = search.trim().toLowerCase();
  const shown = (teams.data ?? []).filter((team) => team.teamName.toLowerCase().includes(query));

  const toggle = (teamId: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(teamId)) next.add(teamId);
      return next;
    });

  const columnCount = seesMembers ? 4 : 1;

  return (
    <Stack>
      <TextInput
        placeholder="Search teams"
        aria-label="Search teams"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={320}
      />

      {teams.isError ? (
        <LoadFailedAlert error={teams.error} />
      ) : teams.isPending ? (
        <Stack gap="xs" aria-label="Loading teams">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h={44} />
          ))}
        </Stack>
      ) : shown.length === 0 ? (
        <EmptyState
          title={teams.data.length === 0 ? 'No teams yet' : 'No teams match your search'}
          description={
            teams.data.length === 0 && mayRun(role, 'CreateTeam')
              ? 'Add a team to start grouping your people.'
              : undefined
          }
          py="xl"
        />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {seesMembers && <Table.Th w={48} />}
                <Table.Th>Team</Table.Th>
                {seesMembers && <Table.Th>Members</Table.Th>}
                {seesMembers && <Table.Th w={80}>Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((team) => {
                const isOpen = expanded.has(team.teamId);
                return (
                  <Fragment key={team.teamId}>
                    <Table.Tr>
                      {seesMembers && (
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            onClick={() => toggle(team.teamId)}
                            aria-expanded={isOpen}
                            aria-label={`${isOpen ? 'Hide' : 'Show'} members of ${team.teamName}`}
                          >
                            <AccordionChevron style={{ transform: isOpen ? 'rotate(180deg)' : undefined }} />
                          </ActionIcon>
                        </Table.Td>
                      )}
                      <Table.Td fw={500}>{team.teamName}</Table.Td>
                      {seesMembers && <Table.Td>{team.members.length}</Table.Td>}
                      {seesMembers && (
                        <Table.Td>
                          {managed.has(team.teamId) && (
                            <Menu position="bottom-end" withinPortal>
                              <Menu.Target>
                                <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${team.teamName}`}>
                                  ⋮
                                </ActionIcon>
                              </Menu.Target>
                              <Menu.Dropdown>
                                <Menu.Item onClick={() => setDialog({ kind: 'edit', team })}>Edit</Menu.Item>
                                {mayRun(role, 'CreateTeam') && (
                                  <Menu.Item color="red" onClick={() => setDialog({ kind: 'delete', team })}>
                                    Delete
                                  </Menu.Item>
                                )}
                              </Menu.Dropdown>
                            </Menu>
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                    {seesMembers && (
                      // A closed member list draws no second border under its team.
                      <Table.Tr style={isOpen ? undefined : { borderBottom: 'none' }}>
                        <Table.Td colSpan={columnCount} p={0}>
                          <Collapse expanded={isOpen}>
                            <TeamMembersTable
                              team={team}
                              canRemove={(member) => mayRun(role, 'RevokeTeamRole') && !inEveryTeam(member.role)}
                              onRemove={(member) => setDialog({ kind: 'remove-member', team, member })}
                            />
                          </Collapse>
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <TeamFormModal
        companyId={companyId}
        opened={dialog?.kind === 'edit'}
        team={dialog?.kind === 'edit' ? dialog.team : null}
        onClose={closeDialog}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title="Delete Team"
        message={dialog?.kind === 'delete' ? `Delete the team ${dialog.team.teamName}? Its members stay in the company.` : ''}
        confirmLabel="Delete"
        loading={deleteTeam.isPending}
        onConfirm={() => dialog?.kind === 'delete' && deleteTeam.mutate(dialog.team)}
        onClose={closeDialog}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'remove-member'}
        title="Remove member"
        message={
          dialog?.kind === 'remove-member' ? `Remove ${dialog.member.name} from the team ${dialog.team.teamName}?` : ''
        }
        confirmLabel="Remove"
        loading={removeMember.isPending}
        onConfirm={() => dialog?.kind === 'remove-member' && removeMember.mutate(dialog)}
        onClose={closeDialog}
      />
    </Stack>
  );
}

interface TeamMembersTableProps {
  team: Team;
  canRemove: (member: TeamMember) => boolean;
  onRemove: (member: TeamMember) => void;
}

function TeamMembersTable({ team, canRemove, onRemove }: TeamMembersTableProps) {
  if (team.members.length === 0) {
    return (
      <Text c="dimmed" size="sm" px="xl" py="md">
        No members in this team yet.
      </Text>
    );
  }
  return (
    <Table bg={CANVAS} withRowBorders={false} aria-label={`Members of ${team.teamName}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th pl={60}>Name</Table.Th>
          <Table.Th>Email</Table.Th>
          <Table.Th>Role</Table.Th>
          <Table.Th w={80} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {team.members.map((member) => (
          <Table.Tr key={member.userId}>
            <Table.Td pl={60}>{member.name}</Table.Td>
            <Table.Td>{member.email}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={inEveryTeam(member.role) ? 'grape' : 'gray'}>
                {member.role}
              </Badge>
            </Table.Td>
            <Table.Td>
              {canRemove(member) && (
                <Group justify="flex-end" pr="sm">
                  <Tooltip label="Remove from team">
                    <CloseButton
                      aria-label={`Remove ${member.name} from ${team.teamName}`}
                      onClick={() => onRemove(member)}
                    />
                  </Tooltip>
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
