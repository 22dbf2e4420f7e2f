/** The body of `POST /api/companies`. */
export interface NewCompany {
  name: string;
  location: { country: string; code: string } | null;
  timeZone: string;
  /** Local working time, "HH:mm". */
  workingHours: { start: string; end: string } | null;
}
