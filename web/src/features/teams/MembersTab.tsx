import {
  Badge,
  Button,
  EmptyState,
  Group,
  LoadingOverlay,
  NumberFormatter,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { mayRun } from '../../../../domain/members/authorization.ts';
import { mayOpenPage } from '../../../../domain/members/page-access.ts';
import { isRole, MEMBER_FILTER_LEVELS, type MemberFilterLevel, type Role } from '../../../../domain/members/roles.ts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { isCompanyGone } from '../../shared/commands/isCompanyGone';
import { managedTeams } from '../../shared/teams/managedTeams';
import { teamsQueryOptions } from '../../shared/teams/teamsQueryOptions';
import { useCompanyCommand } from '../../shared/commands/useCompanyCommand';
import { useLeaveLostCompany } from '../../shared/commands/useLeaveLostCompany';
import { accessLevelColor } from '../../shared/members/accessLevelColor';
import { EditMemberModal } from './EditMemberModal';
import { MEMBER_PAGE_SIZES, type Member, type MemberFilter, type MemberPageSize } from './Member';
import { memberBlockReason } from './memberBlockReason';
import { membersApi } from './membersApi';
import { membersQueryOptions } from './membersQueryOptions';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';

/** Management §9. */
const SEARCH_DEBOUNCE_MS = 700;
const DEFAULT_PAGE_SIZE: MemberPageSize = 50;

interface MembersTabProps {
  companyId: string;
  role: Role;
  userId: string;
}

/** The Members tab: filters, a paged table and the edit and remove dialogs. */
export function MembersTab({ companyId, role, userId }: MembersTabProps) {
  // A person's contract is set on their Working Time page, reached from their row.
  const setsContracts = mayRun(role, 'SetContract');
  const [accessLevel, setAccessLevel] = useState<MemberFilterLevel | null>(null);
  const [teamId, setTeamId] = useState<string | null>(null);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [pageSize, setPageSize] = useState<MemberPageSize>(DEFAULT_PAGE_SIZE);
  // A page belongs to one set of filters: any other filter starts again at page 1.
  const filterKey = JSON.stringify([accessLevel, teamId, search.trim(), pageSize]);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const filter: MemberFilter = { accessLevel, teamId, search: search.trim(), page, pageSize };

  const teams = useQuery(teamsQueryOptions(companyId));
  const members = useQuery(membersQueryOptions(companyId, filter));
  const [editing, setEditing] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const removeMember = useCompanyCommand(companyId, (member: Member) => membersApi.remove(companyId, member.userId), {
    errorTitle: 'Error removing member',
    onDone: () => setRemoving(null),
  });
  const leaveLostCompany = useLeaveLostCompany();

  useEffect(() => {
    if (isCompanyGone(members.error)) leaveLostCompany();
  }, [members.error, leaveLostCompany]);

  const total = members.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));

  // Removing the last member of the last page leaves that page empty: step back to the new last one.
  useEffect(() => {
    if (members.data && !members.isPlaceholderData && page > pageCount) setPaging({ filterKey, page: pageCount });
  }, [members.data, members.isPlaceholderData, page, pageCount, filterKey]);

  return (
    <Stack>
      <Group align="flex-end" gap="sm">
        <Select
          label="Access Level"
          placeholder="All"
          data={MEMBER_FILTER_LEVELS}
          value={accessLevel}
          onChange={(value) => setAccessLevel(value as MemberFilterLevel | null)}
          clearable
          w={180}
        />
        <Select
          label="Teams"
          placeholder="All teams"
          data={(teams.data ?? []).map((team) => ({ value: team.teamId, label: team.teamName }))}
          value={teamId}
          onChange={setTeamId}
          clearable
          searchable
          nothingFoundMessage="No teams found"
          w={220}
        />
        <TextInput
          label="Search"
          placeholder="Name or email"
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          w={260}
        />
      </Group>

      {members.isError ? (
        <LoadFailedAlert error={members.error} />
      ) : members.isPending ? (
        <Stack gap="xs" aria-label="Loading members">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} h={44} />
          ))}
        </Stack>
      ) : members.data.members.length === 0 ? (
        <EmptyState
          title="No members found"
          description={accessLevel || teamId || search.trim() ? 'Try other filters.' : undefined}
          py="xl"
        />
      ) : (
        <Table.ScrollContainer minWidth={820} pos="relative">
          <LoadingOverlay visible={members.isPlaceholderData} overlayProps={{ blur: 1 }} />
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Access Level</Table.Th>
                <Table.Th>Teams</Table.Th>
                <Table.Th>Hourly rate</Table.Th>
                <Table.Th w={setsContracts ? 250 : 160}>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.data.members.map((member) => {
                const blocked = memberBlockReason(role, userId, member);
                return (
                  <Table.Tr key={member.userId}>
                    <Table.Td fw={500}>{member.name}</Table.Td>
                    <Table.Td>{member.email}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={accessLevelColor(member.accessLevel)}>
                        {member.accessLevel}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {member.teams.length ? (
                        <Group gap={4}>
                          {member.teams.map((team) => (
                            <Badge key={team.teamId} variant="outline" color="gray" tt="none">
                              {team.teamName}
                            </Badge>
                          ))}
                        </Group>
                      ) : (
                        <Text c="dimmed" size="sm">
                          None
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {member.hourlyRate === null ? (
                        <Text c="dimmed" size="sm">
                          Not set
                        </Text>
                      ) : (
                        <NumberFormatter prefix="$" value={member.hourlyRate} decimalScale={2} fixedDecimalScale />
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <RowAction label="Edit" blocked={blocked} onClick={() => setEditing(member)} />
                        <RowAction label="Delete" color="red" blocked={blocked} onClick={() => setRemoving(member)} />
                        {setsContracts && !blocked && isRole(member.accessLevel) && mayOpenPage(member.accessLevel, '/working-time') && (
                          <Button
                            size="compact-sm"
                            variant="light"
                            color="gray"
                            aria-label={`Contract of ${member.name}`}
                            renderRoot={(props) => <Link to="/working-time" search={{ user: member.userId }} {...props} />}
                          >
                            Contract
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Group justify="space-between">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Rows per page
          </Text>
          <Select
            aria-label="Rows per page"
            data={MEMBER_PAGE_SIZES.map(String)}
            value={String(pageSize)}
            onChange={(value) => value && setPageSize(Number(value) as MemberPageSize)}
            allowDeselect={false}
            w={80}
          />
          <Text size="sm" c="dimmed">
            {total} {total === 1 ? 'member' : 'members'}
          </Text>
        </Group>
        <Pagination
          total={pageCount}
          value={Math.min(page, pageCount)}
          onChange={(next) => setPaging({ filterKey, page: next })}
        />
      </Group>

      <EditMemberModal
        companyId={companyId}
        member={editing}
        assignableTeams={managedTeams(teams.data ?? [], role, userId)}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove member"
        message={removing ? `Remove ${removing.name} (${removing.email}) from the company?` : ''}
        confirmLabel="Remove"
        loading={removeMember.isPending}
        onConfirm={() => removing && removeMember.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

interface RowActionProps {
  label: string;
  color?: string;
  /** Why the action is not allowed, shown as a tooltip; null when it is. */
  blocked: string | null;
  onClick: () => void;
}

function RowAction({ label, color, blocked, onClick }: RowActionProps) {
  return (
    <Tooltip label={blocked} disabled={!blocked} withinPortal>
      {/* data-disabled rather than disabled: a disabled button gets no hover, so its tooltip would never show. */}
      <Button
        size="compact-sm"
        variant="light"
        color={color}
        data-disabled={blocked ? true : undefined}
        aria-disabled={blocked ? true : undefined}
        onClick={blocked ? undefined : onClick}
      >
        {label}
      </Button>
    </Tooltip>
  );
}
