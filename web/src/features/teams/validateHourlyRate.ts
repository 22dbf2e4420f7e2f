import { parseHourlyRate } from '../../../../domain/members/member.ts';
import { DomainError } from '../../../../domain/shared/errors.ts';

/** The server's rule for a typed hourly rate: empty, or digits with up to two decimals. */
export function validateHourlyRate(rate: string): string | null {
  try {
    parseHourlyRate(rate);
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
}
