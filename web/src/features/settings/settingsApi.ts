import { api } from '../../lib/api';

/** The settings calls (api/settings/routes.ts). */
export const settingsApi = {
  get: (companyId: string) => api.get('/api/companies/{companyId}/settings', { path: { companyId } }),
  setThreshold: (companyId: string, hours: number) => api.put('/api/companies/{companyId}/settings/threshold', { path: { companyId }, body: { hours } }),
  setScreenshots: (companyId: string, enabled: boolean) => api.put('/api/companies/{companyId}/settings/screenshots', { path: { companyId }, body: { enabled } }),
  setScreenshotRetention: (companyId: string, days: number | null) => api.put('/api/companies/{companyId}/settings/screenshot-retention', { path: { companyId }, body: { days } }),
  setTimesheetPeriod: (companyId: string, rule: { kind: string; startDay?: number }) =>
    api.put('/api/companies/{companyId}/settings/timesheet-period', { path: { companyId }, body: rule }),
  setTimesheetReminders: (companyId: string, days: number | null) =>
    api.put('/api/companies/{companyId}/settings/timesheet-reminders', { path: { companyId }, body: { days } }),
  screenshotStorage: (companyId: string) => api.get('/api/companies/{companyId}/settings/screenshot-storage', { path: { companyId } }),
  setLeavePolicy: (companyId: string, year: number, paidLeaveDays: number) =>
    api.put('/api/companies/{companyId}/leave-policies/{year}', { path: { companyId, year }, body: { paidLeaveDays } }),
};
