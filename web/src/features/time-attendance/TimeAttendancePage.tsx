import { Group, Stack, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { useToday } from '../../shared/dashboards/useToday';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { PageTitle } from '../../shared/ui/PageTitle';
import { AttendanceRecordsTable } from './AttendanceRecordsTable';

const TITLE = 'Time & Attendance';
/** Management §9. */
const SEARCH_DEBOUNCE_MS = 700;

/** /v2/time-attendance (management §2): every day someone was present, newest first, searchable and a page at a time. */
export function TimeAttendancePage() {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title={TITLE} />;
  return <TimeAttendanceOfCompany company={company} />;
}

function TimeAttendanceOfCompany({ company }: { company: CompanySummary }) {
  const today = useToday();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [day, setDay] = useState<string | null>(null);

  return (
    <Stack gap="lg">
      <PageTitle>{TITLE}</PageTitle>
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Search"
          placeholder="Staff name or email"
          type="search"
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          w={{ base: '100%', xs: 260 }}
        />
        <DatePickerInput
          label="Date"
          placeholder="All days"
          valueFormat="MMM D, YYYY"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear date' }}
          maxDate={today}
          value={day}
          onChange={setDay}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      <AttendanceRecordsTable companyId={company.companyId} search={search} day={day} />
    </Stack>
  );
}
