import { NameAndEmail } from '../ui/NameAndEmail';
import type { RequestColumn } from './RequestsTable';

/** The processing tables' first column: who asked. */
export const requesterColumn: RequestColumn<{ requester: { name: string; email: string } }> = {
  header: 'Employee',
  cell: ({ requester }) => <NameAndEmail name={requester.name} email={requester.email} />,
};
