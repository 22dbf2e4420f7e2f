import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useProfile } from '../auth/useProfile';
import { useActiveCompanyStore } from './activeCompanyStore';

/**
 * When the active company leaves the user's list while they work (they were
 * removed), a user with several companies left picks one again (spec
 * management §4); with one left, that one simply becomes active.
 *
 * Only that change counts, not a stored id missing from the list: right
 * after a switch the profile may not list a just-joined company for a render
 * or two, and that must not send the user away.
 */
export function LostCompanyRedirect() {
  const { companyList } = useProfile();
  const storedId = useActiveCompanyStore((state) => state.companyId);
  const navigate = useNavigate();
  const listed = storedId !== null && companyList.some((company) => company.companyId === storedId);
  const severalLeft = companyList.length > 1;
  const previous = useRef({ storedId, listed });

  useEffect(() => {
    const lost = previous.current.storedId === storedId && previous.current.listed && !listed;
    previous.current = { storedId, listed };
    if (lost && severalLeft) void navigate({ to: '/select-company', replace: true });
  }, [storedId, listed, severalLeft, navigate]);

  return null;
}
