import { Alert, Button, Checkbox, Group, Loader, Modal, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { exportMessages, exportMonths, exportSubject, monthsLabel } from '../../../../domain/exports/months.ts';
import { EXPORT_KINDS, type ExportKind } from '../../../../domain/exports/naming.ts';
import { DomainError } from '../../../../domain/shared/errors.ts';
import { errorMessage } from '../../lib/errorMessage';
import { type ExportRequest, exportsApi } from './exportsApi';
import { formatBytes } from './formatBytes';
import { MonthPickerField } from './MonthPickerField';
import { useExportDownload } from './useExportDownload';

/** Whom the dialog exports: the person shown, or one of the teams the viewer manages (the one shown first, if any). */
export type ExportTarget =
  | { kind: 'person'; userId: string; name: string }
  | { kind: 'team'; teamId: string | null; teams: readonly { teamId: string; teamName: string }[] };

interface ExportModalProps {
  opened: boolean;
  onClose: () => void;
  companyId: string;
  target: ExportTarget;
  /** The months the fields start with (YYYY-MM): those on screen. */
  months: { from: string; to: string };
  /** The latest month that can be picked (YYYY-MM): the current one. */
  latest: string;
}

/** Core §2's Export modal: From and To months, Get Data to see what the files will hold, then a button per file. */
export function ExportModal({ opened, onClose, ...content }: ExportModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Export Data" size="lg">
      <ExportForm {...content} />
    </Modal>
  );
}

const FILE_LABELS: Record<ExportKind, string> = { attendance: 'Attendance Data', timelog: 'Timelog Data', 'working-time': 'Working Time Data' };

type Field = 'from' | 'to' | 'team';

/** The field a refusal of exportMonths or exportSubject is about. */
const FIELD_OF: Record<string, Field> = {
  [exportMessages.noStart]: 'from',
  [exportMessages.malformed]: 'from',
  [exportMessages.reversed]: 'to',
  [exportMessages.tooLong]: 'to',
  [exportMessages.nobody]: 'team',
  [exportMessages.both]: 'team',
};

const monthOf = (value: string | null) => value?.slice(0, 7) ?? '';
const firstDayOf = (month: string) => `${month}-01`;

function ExportForm({ companyId, target, months, latest }: Omit<ExportModalProps, 'opened' | 'onClose'>) {
  const [from, setFrom] = useState<string | null>(firstDayOf(months.from));
  const [to, setTo] = useState<string | null>(firstDayOf(months.to));
  const [teamId, setTeamId] = useState(target.kind === 'team' ? target.teamId : null);
  const [approvedOnly, setApprovedOnly] = useState(false);
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);
  // What 'Get Data' asked for; a change of any field asks again.
  const [requested, setRequested] = useState<ExportRequest | null>(null);
  const summary = useQuery({
    queryKey: ['company', companyId, 'exports', 'summary', requested],
    queryFn: () => exportsApi.summary(companyId, requested!),
    enabled: requested !== null,
    staleTime: 0,
    gcTime: 0,
  });
  const download = useExportDownload();
  // While a file downloads, what it is for stays as it is.
  const busy = download.downloading !== null;

  const changed = <Value,>(set: (value: Value) => void) => (value: Value) => {
    set(value);
    setProblem(null);
    setRequested(null);
  };

  const getData = () => {
    try {
      const subject = exportSubject(target.kind === 'person' ? { userId: target.userId } : { teamId: teamId ?? undefined });
      const range = exportMonths({ from: monthOf(from), to: monthOf(to) });
      setRequested({ subject, months: { from: range.from, to: range.to }, approvedOnly });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      setProblem({ field: FIELD_OF[error.message] ?? 'from', message: error.message });
    }
  };
  const errorOf = (field: Field) => (problem?.field === field ? problem.message : undefined);

  return (
    <Stack gap="md">
      {target.kind === 'person' ? (
        <Text size="sm">
          Member: <strong>{target.name}</strong>
        </Text>
      ) : (
        <Select
          label="Team"
          placeholder="Choose a team"
          data={target.teams.map((team) => ({ value: team.teamId, label: team.teamName }))}
          value={teamId}
          onChange={changed(setTeamId)}
          error={errorOf('team')}
          disabled={busy}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <MonthPickerField label="From" placeholder="Pick a month" value={from} onChange={changed(setFrom)} maxDate={firstDayOf(latest)} clearable error={errorOf('from')} disabled={busy} />
        <MonthPickerField label="To" placeholder="Same as From" value={to} onChange={changed(setTo)} maxDate={firstDayOf(latest)} clearable error={errorOf('to')} disabled={busy} />
      </SimpleGrid>
      <Checkbox
        label="Approved timesheets only"
        description="Only the days of approved (locked) timesheets"
        checked={approvedOnly}
        onChange={(event) => changed(setApprovedOnly)(event.currentTarget.checked)}
        disabled={busy}
      />
      <Group>
        <Button onClick={getData} loading={summary.isFetching} disabled={busy}>
          Get Data
        </Button>
      </Group>

      {summary.isError && (
        <Alert color="red" title="Unable to prepare the export">
          {errorMessage(summary.error)}
        </Alert>
      )}
      {summary.data && (
        <Stack gap="sm">
          <Text size="sm">
            {summary.data.subject.name} · {monthsLabel(summary.data.months)}
            {summary.data.subject.kind === 'team' && ` · ${summary.data.people} ${summary.data.people === 1 ? 'person' : 'people'}`}
          </Text>
          <Table.ScrollContainer minWidth={420} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Files' } }}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>File</Table.Th>
                  <Table.Th>Holds</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td>{summary.data.files.attendance}</Table.Td>
                  <Table.Td>{`${summary.data.attendanceDays} ${summary.data.attendanceDays === 1 ? 'day' : 'days'}`}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>{summary.data.files.timelog}</Table.Td>
                  <Table.Td>{`${summary.data.timelogRows} time ${summary.data.timelogRows === 1 ? 'entry' : 'entries'}`}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>{summary.data.files.workingTime}</Table.Td>
                  <Table.Td>The balance of each person and month</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {download.downloading ? (
            <Group gap="sm" wrap="nowrap">
              <Loader size="sm" aria-hidden />
              <Stack gap={0} style={{ flexGrow: 1 }}>
                <Text size="sm" role="status">
                  Preparing {FILE_LABELS[download.downloading.kind]}…
                </Text>
                <Text size="xs" c="dimmed">
                  {formatBytes(download.downloading.receivedBytes)} received
                </Text>
              </Stack>
              <Button variant="default" onClick={download.cancel}>
                Cancel
              </Button>
            </Group>
          ) : (
            <Group>
              {EXPORT_KINDS.map((kind) => (
                <Button key={kind} variant="light" onClick={() => void download.start(kind, exportsApi.fileUrl(companyId, kind, requested!))}>
                  {FILE_LABELS[kind]}
                </Button>
              ))}
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
