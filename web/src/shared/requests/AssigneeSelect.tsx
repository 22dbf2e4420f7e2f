import { Alert, Select } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { requestQueries } from './requestQueries';

interface AssigneeSelectProps {
  companyId: string;
  /** The team whose Admins, Heads and Managers may be asked; null: none chosen yet. */
  teamId: string | null;
  /** Whom the request being changed was sent to, shown even when no longer offered (a manager who left). */
  current: { userId: string; name: string } | null;
  disabled: boolean;
  /** The form field's props. */
  field: GetInputPropsReturnType;
  /** The field's name; requests say 'Manager'. */
  label?: string;
}

/** A request form's 'Manager': whom the request goes to. */
export function AssigneeSelect({ companyId, teamId, current, disabled, field, label = 'Manager' }: AssigneeSelectProps) {
  const assignees = useQuery({ ...requestQueries.assignees(companyId, teamId ?? ''), enabled: teamId !== null });
  const choices = (assignees.data?.assignees ?? []).map((a) => ({ value: a.userId, label: `${a.name} (${a.role})` }));
  if (current && !choices.some((choice) => choice.value === current.userId)) choices.push({ value: current.userId, label: current.name });
  return (
    <>
      <Select
        label={label}
        placeholder={teamId ? 'Choose a manager' : 'Choose a team first'}
        withAsterisk
        data={choices}
        allowDeselect={false}
        searchable
        nothingFoundMessage="No manager in this team"
        disabled={disabled}
        {...field}
      />
      {assignees.isError && <Alert color="red">Unable to load the managers of your team. Please try again.</Alert>}
    </>
  );
}
