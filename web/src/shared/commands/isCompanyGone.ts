import { companyMessages } from '../../../../domain/companies/company.ts';
import { ApiError } from '../../lib/ApiError';

/**
 * The API answers 'Company not found' both for a company that does not exist and
 * for one the caller no longer belongs to: after a change it means the user lost
 * their own membership.
 */
export function isCompanyGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && error.message === companyMessages.notFound;
}
