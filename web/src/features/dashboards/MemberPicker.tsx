import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { dashboardQueries } from './dashboardQueries';
import { pickerOrder } from './pickerOrder';

interface MemberPickerProps {
  companyId: string;
  selfId: string;
  userId: string;
  onPick: (userId: string) => void;
}

/** Whose dashboard to show, among the people the viewer may see (core §2; not for plain Members, core §6). */
export function MemberPicker({ companyId, selfId, userId, onPick }: MemberPickerProps) {
  const people = useQuery(dashboardQueries.people(companyId));
  const data = pickerOrder(people.data ?? [], selfId).map((person) => ({
    value: person.userId,
    label: person.userId === selfId ? `${person.name} (you)` : person.name,
  }));
  return (
    <Select
      label="Member"
      placeholder={people.isPending ? 'Loading members…' : 'Choose a member'}
      data={data}
      value={data.some((option) => option.value === userId) ? userId : null}
      onChange={(value) => value && onPick(value)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No member found"
      error={people.isError ? 'The member list could not be loaded.' : undefined}
      disabled={people.isPending}
      w={{ base: '100%', xs: 260 }}
    />
  );
}
