import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { mayRun } from '../../../../domain/members/authorization.ts';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { PageTitle } from '../../shared/ui/PageTitle';
import { isCompanyGone } from '../../shared/commands/isCompanyGone';
import { useLeaveLostCompany } from '../../shared/commands/useLeaveLostCompany';
import { AppCategoriesCard } from './AppCategoriesCard';
import { LeavePolicyCard } from './LeavePolicyCard';
import { ScreenshotsCard } from './ScreenshotsCard';
import { screenshotStorageQueryOptions, settingsQueryOptions } from './settingsQueryOptions';
import { ThresholdCard } from './ThresholdCard';
import { TimesheetPeriodCard } from './TimesheetPeriodCard';
import { TimesheetRemindersCard } from './TimesheetRemindersCard';
import { CompanyHolidaysCard } from './CompanyHolidaysCard';
import { WorkingTimeCard } from './WorkingTimeCard';
import { workingTimeQueries } from '../../shared/working-time/workingTimeApi';

const TITLE = 'Settings';

/** /manage-settings (management §2): the daily threshold, screenshots (and how long they are kept), the leave policy, timesheet periods and reminders, and the application categories. */
export function ManageSettingsPage() {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title={TITLE} />;
  return <SettingsOfCompany company={company} />;
}

function SettingsOfCompany({ company }: { company: CompanySummary }) {
  const { companyId } = company;
  const settings = useQuery(settingsQueryOptions(companyId));
  const workingTime = useQuery(workingTimeQueries.rules(companyId));
  const canManageStorage = mayRun(company.role, 'SetScreenshotRetention');
  // Asked for with the settings, not after them: the card showing it waits for the settings.
  useQuery({ ...screenshotStorageQueryOptions(companyId), enabled: canManageStorage });
  const leaveLostCompany = useLeaveLostCompany();

  useEffect(() => {
    if (isCompanyGone(settings.error)) leaveLostCompany();
  }, [settings.error, leaveLostCompany]);

  return (
    <Stack gap="lg">
      <PageTitle>{TITLE}</PageTitle>
      {settings.isError ? (
        <LoadFailedAlert error={settings.error} />
      ) : settings.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} aria-label="Loading settings">
          <Skeleton h={260} />
          <Skeleton h={260} />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Stack>
            {/* Keyed: a threshold changed elsewhere starts the form again from it. */}
            <ThresholdCard key={settings.data.dailyThresholdHours} companyId={companyId} hours={settings.data.dailyThresholdHours} />
            <ScreenshotsCard
              companyId={companyId}
              enabled={settings.data.screenshotsEnabled}
              retentionDays={settings.data.screenshotRetentionDays}
              canManageStorage={canManageStorage}
            />
          </Stack>
          <Stack>
            <LeavePolicyCard
              companyId={companyId}
              policies={settings.data.leavePolicies}
              currentYear={settings.data.currentYear}
              canConfigure={mayRun(company.role, 'SetLeavePolicy')}
            />
            {/* Keyed: a choice saved elsewhere starts the form again from it. */}
            <TimesheetPeriodCard
              key={JSON.stringify(settings.data.timesheetPeriods)}
              companyId={companyId}
              periods={settings.data.timesheetPeriods}
              canChoose={mayRun(company.role, 'SetTimesheetPeriod')}
            />
            <TimesheetRemindersCard companyId={companyId} days={settings.data.timesheetReminderDays} canChoose={mayRun(company.role, 'SetTimesheetReminders')} />
          </Stack>
          {/* Keyed: rules saved elsewhere start the forms again from them. */}
          {workingTime.data && <WorkingTimeCard key={JSON.stringify(workingTime.data)} companyId={companyId} rules={workingTime.data} canChange={mayRun(company.role, 'SetWorkingDays')} />}
          <CompanyHolidaysCard companyId={companyId} year={settings.data.currentYear} canChange={mayRun(company.role, 'AddCompanyHoliday')} />
        </SimpleGrid>
      )}
      <AppCategoriesCard companyId={companyId} canEdit={mayRun(company.role, 'SetAppCategory')} />
    </Stack>
  );
}
