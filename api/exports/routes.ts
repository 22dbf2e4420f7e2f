import { PassThrough, type Writable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { exportMessages, exportMonths, exportSubject } from '../../domain/exports/months.ts';
import { type ExportKind, exportFileName } from '../../domain/exports/naming.ts';
import { ExportSummary } from '../../domain/exports/views.ts';
import { notFound } from '../../domain/shared/errors.ts';
import { accessOf, inCompany } from '../http/access.ts';
import type { ApiContext } from '../http/context.ts';
import { CompanyParams, errorResponses, PickedId, Text } from '../http/schemas.ts';
import { writeAttendanceWorkbook } from './attendance.ts';
import { exportedCounts, exportPeople } from './queries.ts';
import { writeTimelogWorkbook } from './timelog.ts';
import { writeWorkingTimeWorkbook } from './working-time.ts';
import { localDay } from '../../domain/time-tracking/local-days.ts';
import { ReaderGone, XLSX_CONTENT_TYPE } from './workbook.ts';

/**
 * The export dialog's months (YYYY-MM; checked by exportMonths, whose
 * messages are the spec's) and exactly one of a member and a team.
 */
const ExportQuery = Type.Object(
  {
    from: Type.Optional(Text(7)),
    to: Type.Optional(Text(7)),
    userId: Type.Optional(PickedId),
    teamId: Type.Optional(PickedId),
    /** Only the days of approved timesheets. */
    approvedOnly: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const XlsxFile = {
  description: 'The workbook, streamed as it is written',
  content: { [XLSX_CONTENT_TYPE]: { schema: Type.String({ format: 'binary' }) } },
};

/**
 * Attendance and time log spreadsheets (core §2's export dialog, §9's sheet
 * rules): what a download holds, and the downloads themselves, streamed from
 * PostgreSQL through exceljs into the response. Everyone exports themselves;
 * Heads and Managers their teams and their people; Admins anyone.
 */
export function exportRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const { db } = context;
  const tags = ['exports'];

  /** Who asks, for which months and whom: checked before any byte of a file is sent, so a refusal is a plain answer. */
  async function requested(request: FastifyRequest, query: Static<typeof ExportQuery>) {
    const access = accessOf(request);
    const months = exportMonths(query);
    const subject = exportSubject(query);
    const { name, people } = await exportPeople(db, access, subject);
    const fileName = (kind: ExportKind) => exportFileName(kind, { company: access.company.name, subject: name }, months);
    const approvedOnly = query.approvedOnly ?? false;
    return { company: { companyId: access.company.company_id, timeZone: access.company.time_zone }, months, subject: { kind: subject.kind, name }, people, fileName, approvedOnly };
  }

  /** Answers with the file `write` streams; a reader that goes away stops it, a failure ends the download broken. */
  function download(reply: FastifyReply, fileName: string, write: (sink: Writable) => Promise<void>) {
    const sink = new PassThrough();
    write(sink).catch((error: unknown) => sink.destroy(error instanceof ReaderGone ? undefined : (error as Error)));
    return reply.type(XLSX_CONTENT_TYPE).header('content-disposition', contentDisposition(fileName)).header('cache-control', 'no-store').send(sink);
  }

  return async (app) => {
    app.get(
      '/api/companies/:companyId/exports/summary',
      {
        config: { access: inCompany() },
        schema: {
          tags,
          summary: 'What the export dialog’s downloads hold: the file names, the people, their days and time-log rows',
          params: CompanyParams,
          querystring: ExportQuery,
          response: { 200: ExportSummary, ...errorResponses },
        },
      },
      async (request) => {
        const { company, months, subject, people, fileName, approvedOnly } = await requested(request, request.query);
        return {
          subject,
          months,
          files: { attendance: fileName('attendance'), timelog: fileName('timelog'), workingTime: fileName('working-time') },
          people: people.length,
          ...(await exportedCounts(db, company.companyId, people, months, approvedOnly)),
        };
      },
    );

    const sheets: Record<ExportKind, { summary: string; write: (request: Awaited<ReturnType<typeof requested>>, sink: Writable) => Promise<void> }> = {
      attendance: {
        summary: 'The attendance spreadsheet: a sheet per person, a row per day with its status and punches',
        write: ({ company, people, months, approvedOnly }, sink) => writeAttendanceWorkbook(db, sink, company, people, months, context.now(), { approvedOnly }),
      },
      timelog: {
        summary: 'The time log spreadsheet: a sheet per person, a row per time-log entry',
        write: ({ company, people, months, approvedOnly }, sink) => writeTimelogWorkbook(db, sink, company.companyId, people, months, context.config.publicUrl, { approvedOnly }),
      },
      'working-time': {
        summary: 'The working-time spreadsheet: one sheet, a row per person and month with target, worked time, difference, corrections and payouts, and the balance',
        write: ({ company, people, months }, sink) => writeWorkingTimeWorkbook(db, sink, company, people, months, localDay(context.now().toISOString(), company.timeZone)),
      },
    };
    for (const [kind, sheet] of Object.entries(sheets) as [ExportKind, (typeof sheets)[ExportKind]][]) {
      app.get(
        `/api/companies/:companyId/exports/${kind}`,
        {
          config: { access: inCompany() },
          schema: {
            tags,
            summary: sheet.summary,
            params: CompanyParams,
            querystring: ExportQuery,
            produces: [XLSX_CONTENT_TYPE],
            response: { 200: XlsxFile, ...errorResponses },
          },
        },
        async (request, reply) => {
          const asked = await requested(request, request.query);
          if (asked.people.length === 0) throw notFound(exportMessages.noData);
          return download(reply, asked.fileName(kind), (sink) => sheet.write(asked, sink));
        },
      );
    }
  };
}
