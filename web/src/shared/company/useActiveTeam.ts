import { useQuery } from '@tanstack/react-query';
import type { CompanyDetails } from './CompanyDetails';
import { useActiveTeamStore } from './activeTeamStore';
import { companyQueryOptions } from './companyQueryOptions';
import { resolveActive } from './resolveActive';
import { useActiveCompany } from './useActiveCompany';

export type CompanyTeam = CompanyDetails['teams'][number];

export interface ActiveTeam {
  /** The team the user works in within the active company, or null. */
  activeTeam: CompanyTeam | null;
  /** The user's teams in the active company (empty while loading or without a company). */
  teams: CompanyTeam[];
  isPending: boolean;
  /** Several teams and none active: the user must choose one. */
  needsChoice: boolean;
  chooseTeam: (teamId: string) => void;
}

/**
 * The active team of the active company: the stored choice while the user is
 * still in that team, else their only team (spec core §2).
 */
export function useActiveTeam(): ActiveTeam {
  const company = useActiveCompany();
  const companyId = company?.companyId ?? null;
  // Without a company the query stays idle and has no data.
  const details = useQuery({ ...companyQueryOptions(companyId ?? ''), enabled: companyId !== null });
  const storedId = useActiveTeamStore((state) => (companyId ? (state.teamIdByCompany[companyId] ?? null) : null));
  const setActiveTeam = useActiveTeamStore((state) => state.setActiveTeam);

  const teams = details.data?.teams ?? [];
  const activeTeam = resolveActive(teams, storedId, (team) => team.teamId);
  return {
    activeTeam,
    teams,
    isPending: companyId !== null && details.isPending,
    needsChoice: companyId !== null && details.isSuccess && teams.length > 1 && activeTeam === null,
    chooseTeam: (teamId) => {
      if (companyId) setActiveTeam(companyId, teamId);
    },
  };
}
