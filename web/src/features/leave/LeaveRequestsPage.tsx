import { Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { formatDay } from '../../shared/format/formatDay';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { PageTitle } from '../../shared/ui/PageTitle';
import { pageOf } from '../../shared/requests/pageOf';
import { ProcessingActions } from '../../shared/requests/RequestActions';
import { requesterColumn } from '../../shared/requests/requesterColumn';
import { RequestHistoryModal } from '../../shared/requests/RequestHistoryModal';
import { RequestsTable } from '../../shared/requests/RequestsTable';
import type { LeaveRequestToProcess } from './leaveApi';
import { leaveColumns } from './leaveColumns';
import { leaveQueries } from './leaveQueries';
import { type LeaveAnswer, ProcessLeaveModal } from './ProcessLeaveModal';

const TITLE = 'Leave Requests';
/** Management §9: the leave processing table shows 50 rows by default. */
const DEFAULT_PAGE_SIZE = 50;

type Dialog = { kind: 'process'; request: LeaveRequestToProcess; answer: LeaveAnswer } | { kind: 'history'; request: LeaveRequestToProcess };

/** /requestsleave (management §2): the leave requests a manager answers, pending first. */
export function LeaveRequestsPage() {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title={TITLE} />;
  return <LeaveRequestsOfCompany companyId={company.companyId} />;
}

function LeaveRequestsOfCompany({ companyId }: { companyId: string }) {
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const requests = useQuery({ ...leaveQueries.toProcess(companyId), select: (data) => pageOf(data.requests, paging) });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const about = (request: LeaveRequestToProcess) => `${request.requester.name}’s request for ${formatDay(request.leaveDate)}`;

  return (
    <Stack gap="lg">
      <PageTitle>{TITLE}</PageTitle>
      <RequestsTable
        requests={requests}
        label="Leave requests to process"
        loadingLabel="Loading leave requests"
        empty={{ title: 'No leave requests', description: 'Requests sent to you, or by the people of your teams, show here.' }}
        minWidth={960}
        columns={[requesterColumn, ...leaveColumns(260)]}
        actions={(request) => (
          <ProcessingActions request={request} about={about(request)} onHistory={() => setDialog({ kind: 'history', request })}>
            <Answers about={about(request)} onAnswer={(answer) => setDialog({ kind: 'process', request, answer })} />
          </ProcessingActions>
        )}
        paging={paging}
        onPaging={setPaging}
      />

      <ProcessLeaveModal companyId={companyId} processing={dialog?.kind === 'process' ? dialog : null} onClose={close} />
      <RequestHistoryModal
        companyId={companyId}
        kind="leave"
        request={dialog?.kind === 'history' ? { requestId: dialog.request.requestId, title: `History of ${about(dialog.request)}` } : null}
        onClose={close}
      />
    </Stack>
  );
}

/** Approve and Decline, for who may answer. */
function Answers({ about, onAnswer }: { about: string; onAnswer: (answer: LeaveAnswer) => void }) {
  return (
    <>
      <Button size="compact-sm" variant="light" color="teal" onClick={() => onAnswer('approve')} aria-label={`Approve ${about}`}>
        Approve
      </Button>
      <Button size="compact-sm" variant="light" color="red" onClick={() => onAnswer('decline')} aria-label={`Decline ${about}`}>
        Decline
      </Button>
    </>
  );
}
