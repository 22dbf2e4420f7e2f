import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface ActiveTeamState {
  /** The team chosen in each company, by company id. */
  teamIdByCompany: Record<string, string>;
  /** The 'Choose a Team' modal was opened on request (Profile's 'Change Team'). */
  chooserOpened: boolean;
  setActiveTeam: (companyId: string, teamId: string) => void;
  openChooser: () => void;
  closeChooser: () => void;
}

/** Switching team is stored locally, per company (spec core §4). */
export const useActiveTeamStore = create<ActiveTeamState>()(
  persist(
    (set) => ({
      teamIdByCompany: {},
      chooserOpened: false,
      setActiveTeam: (companyId, teamId) =>
        set((state) => ({ teamIdByCompany: { ...state.teamIdByCompany, [companyId]: teamId } })),
      openChooser: () => set({ chooserOpened: true }),
      closeChooser: () => set({ chooserOpened: false }),
    }),
    { name: 'timeledger.activeTeam', partialize: ({ teamIdByCompany }) => ({ teamIdByCompany }) },
  ),
);
