import type { Actor } from './authorization.ts';
import type { Role } from './roles.ts';

/** For decider tests: user `00000000-0000-4000-8000-00000000000<digit>` acting in the company, managing these teams. */
export const testActor = (companyId: string, digit: string, role: Role, managedTeams: string[] = []): Actor => ({
  kind: 'member',
  userId: `00000000-0000-4000-8000-00000000000${digit}`,
  companyId,
  role,
  managedTeams: new Set(managedTeams),
});
