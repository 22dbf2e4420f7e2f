import { useQuery } from '@tanstack/react-query';
import { dashboardQueries } from './dashboardQueries';
import { pickerOrder } from './pickerOrder';

/** The people the viewer may see (the dashboards' rule), as a picker's options in the member picker's order, oneself marked. */
export function usePeopleOptions(companyId: string, selfId: string) {
  const people = useQuery(dashboardQueries.people(companyId));
  const options = pickerOrder(people.data ?? [], selfId).map((person) => ({
    value: person.userId,
    label: person.userId === selfId ? `${person.name} (you)` : person.name,
  }));
  return { people, options };
}
