import { queryOptions } from '@tanstack/react-query';
import { api, type ApiAnswer } from '../../lib/api';
import { formatDuration } from '../format/formatDuration';
import { once } from '../requests/requestsApi';

export type WorkingTimeRules = ApiAnswer<'get', '/api/companies/{companyId}/working-time'>;
export type PersonWorkingTime = ApiAnswer<'get', '/api/companies/{companyId}/working-time/people/{userId}'>;
export type TeamWorkingTime = ApiAnswer<'get', '/api/companies/{companyId}/working-time/people'>;
export type Holidays = ApiAnswer<'get', '/api/companies/{companyId}/holidays'>;
export type Weekday = WorkingTimeRules['workingDays'][number];
export interface ContractValues {
  until: string | null;
  weekdayMinutes: number[];
}
export interface EntryValues {
  day: string;
  minutes: number;
  reason: string;
}

/** The working-time calls (api/working-time/routes.ts), for /working-time and the settings page. */
export const workingTimeApi = {
  rules: (companyId: string) => api.get('/api/companies/{companyId}/working-time', { path: { companyId } }),
  setWorkingDays: (companyId: string, days: Weekday[]) => api.put('/api/companies/{companyId}/working-time/working-days', { path: { companyId }, body: { days } }),
  setDailyTarget: (companyId: string, minutes: number | null) => api.put('/api/companies/{companyId}/working-time/daily-target', { path: { companyId }, body: { minutes } }),
  setHolidayRegion: (companyId: string, region: string | null) => api.put('/api/companies/{companyId}/working-time/holiday-region', { path: { companyId }, body: { region } }),
  setBalanceRules: (companyId: string, rules: { carryOverCapMinutes: number | null; overtimeExpiryMonths: number | null; idleCounts: boolean }) =>
    api.put('/api/companies/{companyId}/working-time/balance-rules', { path: { companyId }, body: rules }),
  holidays: (companyId: string, year: number) => api.get('/api/companies/{companyId}/holidays', { path: { companyId }, query: { year } }),
  addHoliday: (companyId: string, day: string, name: string) => api.post('/api/companies/{companyId}/holidays', { path: { companyId }, body: { day, name }, ...once() }),
  removeHoliday: (companyId: string, day: string) => api.delete('/api/companies/{companyId}/holidays/{day}', { path: { companyId, day } }),
  team: (companyId: string, teamId: string | null) => api.get('/api/companies/{companyId}/working-time/people', { path: { companyId }, query: teamId ? { teamId } : {} }),
  person: (companyId: string, userId: string, month: string | undefined) =>
    api.get('/api/companies/{companyId}/working-time/people/{userId}', { path: { companyId, userId }, query: month ? { month } : {} }),
  setContract: (companyId: string, userId: string, from: string, { until, weekdayMinutes }: ContractValues) =>
    api.put('/api/companies/{companyId}/working-time/people/{userId}/contracts/{from}', { path: { companyId, userId, from }, body: { until, weekdayMinutes } }),
  removeContract: (companyId: string, userId: string, from: string) => api.delete('/api/companies/{companyId}/working-time/people/{userId}/contracts/{from}', { path: { companyId, userId, from } }),
  correct: (companyId: string, userId: string, { day, minutes, reason }: EntryValues) =>
    api.post('/api/companies/{companyId}/working-time/people/{userId}/corrections', { path: { companyId, userId }, body: { day, minutes, reason }, ...once() }),
  payOut: (companyId: string, userId: string, { day, minutes, reason }: EntryValues) =>
    api.post('/api/companies/{companyId}/working-time/people/{userId}/payouts', { path: { companyId, userId }, body: { day, minutes, reason }, ...once() }),
};

/** Under ['company', companyId, 'working-time']: a change of rules, holidays or an account reaches every open page that shows them. */
export const workingTimeQueries = {
  rules: (companyId: string) => queryOptions({ queryKey: ['company', companyId, 'working-time', 'rules'], queryFn: () => workingTimeApi.rules(companyId) }),
  holidays: (companyId: string, year: number) => queryOptions({ queryKey: ['company', companyId, 'working-time', 'holidays', year], queryFn: () => workingTimeApi.holidays(companyId, year) }),
  team: (companyId: string, teamId: string | null) =>
    queryOptions({ queryKey: ['company', companyId, 'working-time', 'team', teamId ?? 'all'], queryFn: () => workingTimeApi.team(companyId, teamId) }),
  person: (companyId: string, userId: string, month: string | undefined) =>
    queryOptions({ queryKey: ['company', companyId, 'working-time', 'person', userId, month ?? 'this'], queryFn: () => workingTimeApi.person(companyId, userId, month) }),
};

/** A balance or difference in whole minutes, signed: "+1h 05m", "−2h 30m", "0h 00m". */
export function formatBalance(minutes: number): string {
  const text = formatDuration(Math.abs(minutes));
  return minutes > 0 ? `+${text}` : minutes < 0 ? `−${text}` : text;
}

export const WEEKDAY_NAMES: readonly Weekday[] = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
