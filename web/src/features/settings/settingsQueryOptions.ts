import { queryOptions } from '@tanstack/react-query';
import { settingsApi } from './settingsApi';

/** Under ['company', companyId, 'settings']: a change of the company's settings reaches an open page. */
export const settingsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['company', companyId, 'settings'],
    queryFn: () => settingsApi.get(companyId),
  });

/** The storage the company's screenshots take (Admins only). */
export const screenshotStorageQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['company', companyId, 'settings', 'screenshot-storage'],
    queryFn: () => settingsApi.screenshotStorage(companyId),
  });
