import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { inEveryTeam } from '../../../../domain/members/roles.ts';
import type { Member } from './Member';
import { membersQueryOptions } from './membersQueryOptions';

interface TeamMembersPickerProps {
  companyId: string;
  value: string[];
  onChange: (userIds: string[]) => void;
}

const SEARCH_DEBOUNCE_MS = 700;

/**
 * Members to put in a new team, searched on the server (Members API) so large
 * companies work too. Admins are left out: they join every team anyway.
 */
export function TeamMembersPicker({ companyId, value, onChange }: TeamMembersPickerProps) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // Chosen members keep their labels when a later search no longer returns them.
  const [chosen, setChosen] = useState<Map<string, Member>>(new Map());
  const members = useQuery(
    membersQueryOptions(companyId, { accessLevel: null, teamId: null, search: debouncedSearch, page: 1, pageSize: 50 }),
  );

  // Admins are in every team already.
  const found = (members.data?.members ?? []).filter((member) => !inEveryTeam(member.accessLevel));
  const options = new Map([...chosen, ...found.map((member) => [member.userId, member] as const)]);

  return (
    <MultiSelect
      label="Members"
      placeholder={value.length ? undefined : 'Search members'}
      description="Admins join every team automatically."
      data={[...options.values()].map((member) => ({ value: member.userId, label: `${member.name} (${member.email})` }))}
      value={value}
      onChange={(userIds) => {
        setChosen(new Map(userIds.flatMap((userId) => (options.has(userId) ? [[userId, options.get(userId)!]] : []))));
        onChange(userIds);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the search against names and e-mails.
      filter={({ options: all }) => all}
      nothingFoundMessage={members.isFetching ? 'Loading members...' : 'No members found'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
