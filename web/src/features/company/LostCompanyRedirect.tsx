import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { notify } from '../../lib/notify';
import { useProfile } from '../../shared/identity/useProfile';
import { useActiveCompanyStore } from '../../shared/company/activeCompanyStore';

/**
 * When the active company leaves the user's list while they work (they were
 * removed), they go to /select-company (spec management §4), which sends
 * someone with no company left on to create one.
 *
 * Only that change counts, not a stored id missing from the list: right
 * after a switch the profile may not list a just-joined company for a render
 * or two, and that must not send the user away.
 */
export function LostCompanyRedirect() {
  const { companyList } = useProfile();
  const storedId = useActiveCompanyStore((state) => state.companyId);
  const navigate = useNavigate();
  const listedName = companyList.find((company) => company.companyId === storedId)?.companyName ?? null;
  const previous = useRef({ storedId, listedName });

  useEffect(() => {
    const lostName = previous.current.storedId === storedId && listedName === null ? previous.current.listedName : null;
    previous.current = { storedId, listedName };
    if (lostName === null) return;
    notify.warning(`You are no longer a member of ${lostName}.`);
    void navigate({ to: '/select-company', replace: true });
  }, [storedId, listedName, navigate]);

  return null;
}
