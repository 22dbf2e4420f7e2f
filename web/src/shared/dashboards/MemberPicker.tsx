import { Select } from '@mantine/core';
import { usePeopleOptions } from './usePeopleOptions';

interface MemberPickerProps {
  companyId: string;
  selfId: string;
  userId: string;
  onPick: (userId: string) => void;
}

/** Whose dashboard to show, among the people the viewer may see (core §2; not for plain Members, core §6). */
export function MemberPicker({ companyId, selfId, userId, onPick }: MemberPickerProps) {
  const { people, options: data } = usePeopleOptions(companyId, selfId);
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
