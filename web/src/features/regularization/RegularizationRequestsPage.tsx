import { Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { formatDay } from '../../shared/format/formatDay';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { PageTitle } from '../../shared/ui/PageTitle';
import { ProcessingActions } from '../../shared/requests/RequestActions';
import { requesterColumn } from '../../shared/requests/requesterColumn';
import { RequestHistoryModal } from '../../shared/requests/RequestHistoryModal';
import { RequestsTable } from '../../shared/requests/RequestsTable';
import type { RegularizationRequestToProcess } from './regularizationApi';
import { regularizationColumns } from './regularizationColumns';
import { ProcessRegularizationModal } from './ProcessRegularizationModal';
import { regularizationQueries } from './regularizationQueries';
import { requestTime } from './requestTime';

const TITLE = 'Regularization Requests';
/** Management §9: the regularization processing table shows 50 rows by default. */
const DEFAULT_PAGE_SIZE = 50;

type Dialog = { kind: 'process' | 'history'; request: RegularizationRequestToProcess };

/** /requestsregularization (management §2): the requests a manager processes, pending first; declined ones are hidden. */
export function RegularizationRequestsPage() {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title={TITLE} />;
  return <RequestsOfCompany companyId={company.companyId} />;
}

function RequestsOfCompany({ companyId }: { companyId: string }) {
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const requests = useQuery(regularizationQueries.toProcess(companyId, paging));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const about = (request: RegularizationRequestToProcess) => `${request.requester.name}’s request for ${formatDay(request.date)} at ${requestTime(request)}`;

  return (
    <Stack gap="lg">
      <PageTitle>{TITLE}</PageTitle>
      <RequestsTable
        requests={requests}
        label="Regularization requests to process"
        loadingLabel="Loading regularization requests"
        empty={{ title: 'No regularization requests', description: 'Requests sent to you, or by the people of your teams, show here.' }}
        minWidth={1040}
        columns={[requesterColumn, ...regularizationColumns(240)]}
        actions={(request) => (
          <ProcessingActions request={request} about={about(request)} onHistory={() => setDialog({ kind: 'history', request })}>
            <Button size="compact-sm" variant="light" onClick={() => setDialog({ kind: 'process', request })} aria-label={`Process ${about(request)}`}>
              Process
            </Button>
          </ProcessingActions>
        )}
        paging={paging}
        onPaging={setPaging}
      />

      <ProcessRegularizationModal companyId={companyId} request={dialog?.kind === 'process' ? dialog.request : null} onClose={close} />
      <RequestHistoryModal
        companyId={companyId}
        kind="regularization"
        request={dialog?.kind === 'history' ? { requestId: dialog.request.requestId, title: `History of ${about(dialog.request)}` } : null}
        onClose={close}
      />
    </Stack>
  );
}
