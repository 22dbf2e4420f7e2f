import type { CompanySummary } from '../shared/company/CompanySummary';

/** Thrown by the router's page guard: the role in the active company does not include the page. */
export class NoAccessError extends Error {
  readonly company: Pick<CompanySummary, 'companyName' | 'role'>;

  constructor(company: Pick<CompanySummary, 'companyName' | 'role'>) {
    super(`${company.role} may not open this page`);
    this.name = 'NoAccessError';
    this.company = company;
  }
}
