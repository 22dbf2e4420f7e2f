import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface ActiveTeamState {
  /** The team chosen in each company, by company id. */
  teamIdByCompany: Record<string, string>;
  /** Companies where 'Choose a Team' was closed without a choice in this sign-in: it does not ask there by itself again. */
  declinedIn: string[];
  /** The 'Choose a Team' modal was opened on request (Profile's 'Change Team'). */
  chooserOpened: boolean;
  setActiveTeam: (companyId: string, teamId: string) => void;
  declineChoice: (companyId: string) => void;
  /** A new sign-in: 'Choose a Team' may ask again everywhere. */
  forgetDeclined: () => void;
  openChooser: () => void;
  closeChooser: () => void;
}

/** Switching team is stored locally, per company (spec core §4); a sign-in or sign-out forgets the declined questions. */
export const useActiveTeamStore = create<ActiveTeamState>()(
  persist(
    (set, get) => ({
      teamIdByCompany: {},
      declinedIn: [],
      chooserOpened: false,
      setActiveTeam: (companyId, teamId) =>
        set((state) => ({ teamIdByCompany: { ...state.teamIdByCompany, [companyId]: teamId } })),
      declineChoice: (companyId) =>
        set((state) => (state.declinedIn.includes(companyId) ? state : { declinedIn: [...state.declinedIn, companyId] })),
      // Only when there is something to forget: every write puts the store into localStorage.
      forgetDeclined: () => {
        if (get().declinedIn.length > 0) set({ declinedIn: [] });
      },
      openChooser: () => set({ chooserOpened: true }),
      closeChooser: () => set({ chooserOpened: false }),
    }),
    { name: 'timeledger.activeTeam', partialize: ({ teamIdByCompany, declinedIn }) => ({ teamIdByCompany, declinedIn }) },
  ),
);
