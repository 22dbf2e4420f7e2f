import type { ExportSubject, MonthRange } from '../../../../domain/exports/months.ts';
import type { ExportKind } from '../../../../domain/exports/naming.ts';
import { api, type ApiPath, urlOf } from '../../lib/api';

/** What an export asks for: whole months, one person or one team, and whether only the days of approved timesheets. */
export interface ExportRequest {
  subject: ExportSubject;
  months: Pick<MonthRange, 'from' | 'to'>;
  approvedOnly: boolean;
}

const queryOf = ({ subject, months, approvedOnly }: ExportRequest) => ({
  from: months.from,
  to: months.to,
  ...(subject.kind === 'person' ? { userId: subject.userId } : { teamId: subject.teamId }),
  ...(approvedOnly ? { approvedOnly } : {}),
});

const FILE_PATHS = {
  attendance: '/api/companies/{companyId}/exports/attendance',
  timelog: '/api/companies/{companyId}/exports/timelog',
  'working-time': '/api/companies/{companyId}/exports/working-time',
} as const satisfies Record<ExportKind, ApiPath<'get'>>;

/** The export calls (api/exports/routes.ts): what 'Get Data' shows, and where each file downloads from. */
export const exportsApi = {
  summary: (companyId: string, request: ExportRequest) =>
    api.get('/api/companies/{companyId}/exports/summary', { path: { companyId }, query: queryOf(request) }),
  fileUrl: (companyId: string, kind: ExportKind, request: ExportRequest) => urlOf(FILE_PATHS[kind], { companyId }, queryOf(request)),
};
