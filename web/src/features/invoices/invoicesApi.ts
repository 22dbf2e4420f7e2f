import { api, type ApiAnswer } from '../../lib/api';

/** Invoices shown on one page of /invoices (management §9). */
export const INVOICES_PER_PAGE = 5;

/** One page of a company's invoices, newest first, with the pagination the server counted. */
export type InvoicePage = ApiAnswer<'get', '/api/companies/{companyId}/billing/invoices'>;

export type Invoice = InvoicePage['invoices'][number];

export const invoicesApi = {
  page: (companyId: string, page: number) =>
    api.get('/api/companies/{companyId}/billing/invoices', { path: { companyId }, query: { page, limit: INVOICES_PER_PAGE } }),
};
