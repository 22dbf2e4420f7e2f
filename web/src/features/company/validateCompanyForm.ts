import { companyMessages } from '../../../../domain/companies/company.ts';

const MIN_NAME_LETTERS = 3;

/** The create-company rules of spec management §5, field by field, with the domain's messages. */
export const validateCompanyForm = {
  name: (name: string) => {
    if (!name.trim()) return companyMessages.nameRequired;
    if ((name.match(/\p{L}/gu) ?? []).length < MIN_NAME_LETTERS) return companyMessages.nameTooShort;
    return null;
  },
  location: (code: string | null) => (code ? null : companyMessages.locationRequired),
  timeZone: (zone: string | null) => (zone ? null : companyMessages.timeZoneRequired),
  workingTime: ({ start, end }: { start: string | null; end: string | null }) =>
    start && end && start !== end ? null : companyMessages.timeRangeRequired,
};
