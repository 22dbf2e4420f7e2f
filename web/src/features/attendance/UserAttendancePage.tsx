import { Group, Paper, Skeleton, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { seesOthers } from '../../../../domain/members/read-rights.ts';
import { useProfile } from '../../shared/identity/useProfile';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { MemberPicker } from '../../shared/dashboards/MemberPicker';
import { useToday } from '../../shared/dashboards/useToday';
import { ExportDataButton } from '../../shared/exports/ExportDataButton';
import { MonthPickerField } from '../../shared/exports/MonthPickerField';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { PageTitle } from '../../shared/ui/PageTitle';
import { AttendanceCalendar } from './AttendanceCalendar';
import { AttendanceDayModal } from './AttendanceDayModal';
import { attendanceQueries } from './attendanceQueries';
import type { AttendanceSearch } from './attendanceSearch';
import { dayStatusVariables } from './dayStatusLooks';
import { StatusCounts } from './StatusCounts';

/** "March 2026". */
const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** /userAttendance (core §2 Monthly attendance): one person's month, the viewer's own by default. */
export function UserAttendancePage({ search }: { search: AttendanceSearch }) {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title="User Attendance" />;
  return <UserAttendanceOfCompany company={company} search={search} />;
}

function UserAttendanceOfCompany({ company, search }: { company: CompanySummary; search: AttendanceSearch }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const thisMonth = useToday().slice(0, 7);
  const month = search.month ?? thisMonth;
  const userId = search.user ?? profile.id;
  const attendance = useQuery(attendanceQueries.month(company.companyId, userId, month));
  const [openDay, setOpenDay] = useState<string | null>(null);
  const data = attendance.data;
  const scheme = useComputedColorScheme('light');

  const show = (change: AttendanceSearch) => void navigate({ to: '/userAttendance', search: (previous) => ({ ...previous, ...change }) });

  return (
    <Stack gap="lg" style={dayStatusVariables(scheme)}>
      <Group justify="space-between" align="flex-end">
        <div>
          <PageTitle>User Attendance</PageTitle>
          <Text c="dimmed" size="sm">
            {data ? `${data.person.name} · ` : ''}
            {monthName(month)}
          </Text>
        </div>
        <Group align="flex-end" gap="sm">
          {seesOthers(company.role, 'people') && <MemberPicker companyId={company.companyId} selfId={profile.id} userId={userId} onPick={(user) => show({ user })} />}
          <MonthPickerField
            label="Month"
            value={`${month}-01`}
            onChange={(value) => value && show({ month: value.slice(0, 7) })}
            maxDate={`${thisMonth}-01`}
            valueFormat="MMMM YYYY"
            w={{ base: '100%', xs: 180 }}
          />
          <ExportDataButton
            companyId={company.companyId}
            target={{ kind: 'person', userId, name: data?.person.name ?? (userId === profile.id ? profile.name : '') }}
            months={{ from: month, to: month }}
            latest={thisMonth}
          />
        </Group>
      </Group>

      {attendance.isError ? (
        <LoadFailedAlert error={attendance.error} />
      ) : (
        <>
          <StatusCounts counts={data?.counts} />
          {data && data.counts.present === 0 && (
            <Text c="dimmed" size="sm">
              No punches or tracked time in {monthName(month)}.
            </Text>
          )}
          <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" aria-label="Calendar" aria-busy={!data}>
            {data ? <AttendanceCalendar attendance={data} onOpenDay={setOpenDay} /> : <Skeleton h={520} />}
          </Paper>
          {data && (
            <AttendanceDayModal
              companyId={company.companyId}
              attendance={data}
              day={data.days.find((day) => day.day === openDay) ?? null}
              onClose={() => setOpenDay(null)}
            />
          )}
        </>
      )}
    </Stack>
  );
}
