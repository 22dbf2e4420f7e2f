import { Select } from '@mantine/core';
import type { ComboboxItem } from '@mantine/core';

interface UserSelectProps {
  options: ComboboxItem[];
  loading: boolean;
  failed: boolean;
  /** The person shown, or null when none is. */
  userId: string | null;
  onPick: (userId: string | null) => void;
}

/** Whose applications to show (management §2): searchable and clearable. */
export function UserSelect({ options, loading, failed, userId, onPick }: UserSelectProps) {
  return (
    <Select
      label="User"
      placeholder={loading ? 'Loading users…' : 'Select a user'}
      data={options}
      value={userId}
      onChange={onPick}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear user' }}
      nothingFoundMessage="No user found"
      error={failed ? 'The user list could not be loaded.' : undefined}
      disabled={loading}
      w={{ base: '100%', xs: 260 }}
    />
  );
}
