import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface ActiveCompanyState {
  /** The company the user last chose; it may since have left the user's company list. */
  companyId: string | null;
  setCompanyId: (companyId: string | null) => void;
}

/** The company switch is stored locally (spec management §4), so every tab and reload opens the same company. */
export const useActiveCompanyStore = create<ActiveCompanyState>()(
  persist(
    (set) => ({
      companyId: null,
      setCompanyId: (companyId) => set({ companyId }),
    }),
    { name: 'timeledger.activeCompany', partialize: ({ companyId }) => ({ companyId }) },
  ),
);
