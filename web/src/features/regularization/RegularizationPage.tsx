import { Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { mayRun } from '../../../../domain/members/authorization.ts';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { formatDay } from '../../shared/format/formatDay';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { PageTitle } from '../../shared/ui/PageTitle';
import { DeleteRequestDialog } from '../../shared/requests/DeleteRequestDialog';
import { OwnRequestActions } from '../../shared/requests/RequestActions';
import { RequestHistoryModal } from '../../shared/requests/RequestHistoryModal';
import { RequestsTable } from '../../shared/requests/RequestsTable';
import { useOwnRequestDialogs } from '../../shared/requests/useOwnRequestDialogs';
import { type RegularizationRequest, regularizationApi } from './regularizationApi';
import { regularizationColumns } from './regularizationColumns';
import { RegularizationFormModal } from './RegularizationFormModal';
import { regularizationQueries } from './regularizationQueries';
import { requestTime } from './requestTime';

const TITLE = 'Regularization';
/** Management §9: the requester's table shows 20 rows by default. */
const DEFAULT_PAGE_SIZE = 20;

/** /regularization (management §2): one's own requests for time one could not track, and '+ Add Request'. */
export function RegularizationPage() {
  const company = useActiveCompany();
  if (!company) return <EmptyPage title={TITLE} />;
  if (!mayRun(company.role, 'SubmitRegularization')) return <EmptyPage title={TITLE} comingSoon="Regularization requests are for the people who track time." />;
  return <RegularizationOfCompany companyId={company.companyId} />;
}

function RegularizationOfCompany({ companyId }: { companyId: string }) {
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const requests = useQuery(regularizationQueries.mine(companyId, paging));
  const dialogs = useOwnRequestDialogs<RegularizationRequest>();
  const about = (request: RegularizationRequest) => `the request for ${formatDay(request.date)} at ${requestTime(request)}`;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <PageTitle>{TITLE}</PageTitle>
        <Button onClick={() => dialogs.open({ kind: 'add' })}>+ Add Request</Button>
      </Group>

      <RequestsTable
        requests={requests}
        label="My regularization requests"
        loadingLabel="Loading regularization requests"
        empty={{ title: 'No regularization requests yet', description: 'Ask for time you could not track with + Add Request.' }}
        minWidth={960}
        columns={regularizationColumns(260)}
        actions={(request) => <OwnRequestActions status={request.status} about={about(request)} onOpen={(kind) => dialogs.open({ kind, request })} />}
        paging={paging}
        onPaging={setPaging}
      />

      <RegularizationFormModal companyId={companyId} opened={dialogs.formOpened} request={dialogs.editing} onClose={dialogs.close} />
      <DeleteRequestDialog
        companyId={companyId}
        title="Delete Regularization Request"
        request={dialogs.deleting}
        question={(request) => `Delete ${about(request)}?`}
        remove={(request) => regularizationApi.remove(companyId, request.requestId)}
        onClose={dialogs.close}
      />
      <RequestHistoryModal
        companyId={companyId}
        kind="regularization"
        request={dialogs.historyOf && { requestId: dialogs.historyOf.requestId, title: `History of ${about(dialogs.historyOf)}` }}
        onClose={dialogs.close}
      />
    </Stack>
  );
}
