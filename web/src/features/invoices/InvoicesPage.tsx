import { Anchor, Badge, EmptyState, Group, Pagination, Paper, Skeleton, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import { useActiveCompany } from '../../shared/company/useActiveCompany';
import { EmptyPage } from '../../shared/ui/EmptyPage';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { PageTitle } from '../../shared/ui/PageTitle';
import { BillingOffNotice } from '../../shared/subscription/BillingOffNotice';
import { useCheckoutMode } from '../../shared/subscription/useCheckoutMode';
import { formatAmount, formatBillingPeriod, formatInvoiceDate } from './formatInvoice';
import type { Invoice } from './invoicesApi';
import { invoicesQueryOptions } from './invoicesQueryOptions';
import { invoiceLink } from './invoiceLink';
import { invoiceStatusBadge } from './invoiceStatusBadge';

/** /invoices (Admin): the company's invoices, 5 a page; a row opens its hosted page on Stripe (management §2, §5). */
export function InvoicesPage() {
  const company = useActiveCompany();
  const checkout = useCheckoutMode();
  if (!company) return <EmptyPage title="Invoices" />;
  return (
    <Stack gap="lg">
      <PageTitle>Invoices</PageTitle>
      {checkout === 'off' ? <BillingOffNotice /> : <InvoiceList companyId={company.companyId} />}
    </Stack>
  );
}

function InvoiceList({ companyId }: { companyId: string }) {
  const [page, setPage] = useState(1);
  const invoices = useQuery(invoicesQueryOptions(companyId, page));

  if (invoices.isError) {
    return <LoadFailedAlert title="Failed to fetch invoices" error={invoices.error} onRetry={() => invoices.refetch()} />;
  }
  if (invoices.isPending) {
    return (
      <Stack gap="xs" aria-label="Loading invoices">
        <Skeleton h={40} />
        <Skeleton h={40} />
        <Skeleton h={40} />
      </Stack>
    );
  }
  const { invoices: rows, pagination } = invoices.data;
  return (
    <Paper withBorder radius="md" p="md">
      {rows.length === 0 ? (
        <EmptyState title="No invoices found" py="xl" />
      ) : (
        <Stack gap="md">
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Invoice #</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Plan</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Billing Period</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((invoice) => (
                  <InvoiceRow key={invoice.id} invoice={invoice} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pagination.totalPages > 1 && (
            <Group justify="flex-end">
              <Pagination
                total={pagination.totalPages}
                value={Math.min(page, pagination.totalPages)}
                onChange={setPage}
                siblings={2}
                aria-label="Pages of invoices"
              />
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}

/** Opens the invoice's hosted page in a new tab, only on Stripe's invoice domain. */
function openInvoice(invoice: Invoice) {
  const link = invoiceLink(invoice.hostedInvoiceUrl);
  if ('error' in link) {
    notify.error(link.error);
    return;
  }
  const opened = window.open(link.href, '_blank');
  if (!opened) {
    notify.error('Unable to open invoice. Please try again.');
    return;
  }
  // Stripe's page must not reach back into this one ('noopener' would make window.open answer null, hiding a blocked pop-up).
  opened.opener = null;
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const badge = invoiceStatusBadge(invoice.status);
  return (
    <Table.Tr onClick={() => openInvoice(invoice)} style={{ cursor: 'pointer' }}>
      <Table.Td>
        {/* The row's click, for the keyboard too. */}
        <Anchor
          component="button"
          fw={500}
          onClick={(event) => {
            event.stopPropagation();
            openInvoice(invoice);
          }}
        >
          {invoice.invoiceNumber ?? 'No number'}
        </Anchor>
      </Table.Td>
      <Table.Td>{formatInvoiceDate(invoice.createdAt)}</Table.Td>
      <Table.Td>{formatAmount(invoice.amount, invoice.currency)}</Table.Td>
      <Table.Td>{invoice.planName ?? '—'}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={badge.color}>
          {badge.label}
        </Badge>
      </Table.Td>
      <Table.Td>{formatBillingPeriod(invoice.billingPeriod)}</Table.Td>
    </Table.Tr>
  );
}
