import { Badge, Group, Paper, Select, Skeleton, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { formatDuration } from '../../shared/format/formatDuration';
import { useProfile } from '../../shared/identity/useProfile';
import { managedTeams } from '../../shared/teams/managedTeams';
import { teamsQueryOptions } from '../../shared/teams/teamsQueryOptions';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { ResponsiveTable } from '../../shared/ui/ResponsiveTable';
import { formatBalance, type TeamWorkingTime, workingTimeQueries } from '../../shared/working-time/workingTimeApi';

/** Balances beyond these are highlighted: a shortfall of more than 10 hours, overtime of more than 40. */
const UNDER_MINUTES = -10 * 60;
const OVER_MINUTES = 40 * 60;

type Row = TeamWorkingTime['people'][number];

/** The balances of the people a manager sees, by team: who is far over or under, at a glance. */
export function TeamBalances({ company }: { company: CompanySummary }) {
  const profile = useProfile();
  const [teamId, setTeamId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const teams = useQuery(teamsQueryOptions(company.companyId));
  const balances = useQuery(workingTimeQueries.team(company.companyId, teamId));
  const options = managedTeams(teams.data ?? [], company.role, profile.id).map((team) => ({ value: team.teamId, label: team.teamName }));
  const shown = (balances.data?.people ?? []).filter((person) => person.name.toLowerCase().includes(search.trim().toLowerCase()));

  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="working-time-team">
      <Group justify="space-between" align="flex-end" mb="sm">
        <Title order={2} size="h4" id="working-time-team">
          Balances of your people
        </Title>
        <Group gap="sm" align="flex-end">
          <Select label="Team" placeholder="All your teams" data={options} value={teamId} onChange={setTeamId} clearable w={{ base: '100%', xs: 200 }} />
          <TextInput label="Search" placeholder="Name" value={search} onChange={(event) => setSearch(event.currentTarget.value)} w={{ base: '100%', xs: 180 }} />
        </Group>
      </Group>
      {balances.isError ? (
        <LoadFailedAlert error={balances.error} />
      ) : !balances.data ? (
        <Skeleton h={160} aria-label="Loading balances" />
      ) : shown.length === 0 ? (
        <Text c="dimmed">No one to show.</Text>
      ) : (
        <ResponsiveTable<Row>
          label="Balances"
          minWidth={560}
          rowKey={(row) => row.userId}
          rows={shown}
          striped
          columns={[
            {
              header: 'Name',
              wide: true,
              cell: (row) => (
                <Link to="/working-time" search={{ user: row.userId }}>
                  {row.name}
                </Link>
              ),
            },
            { header: 'Target this month', nowrap: true, cell: (row) => formatDuration(row.monthTargetMinutes) },
            { header: 'Worked this month', nowrap: true, cell: (row) => formatDuration(row.monthWorkedMinutes) },
            {
              header: 'Balance',
              nowrap: true,
              cell: (row) => (
                <Group gap="xs" wrap="nowrap">
                  <Text fw={600} size="sm">
                    {formatBalance(row.balanceMinutes)}
                  </Text>
                  {row.balanceMinutes < UNDER_MINUTES && (
                    <Badge size="sm" color="red" variant="light">
                      Under
                    </Badge>
                  )}
                  {row.balanceMinutes > OVER_MINUTES && (
                    <Badge size="sm" color="orange" variant="light">
                      Over
                    </Badge>
                  )}
                </Group>
              ),
            },
          ]}
        />
      )}
    </Paper>
  );
}
