import { createRoute, Outlet } from '@tanstack/react-router';
import { ProfileContext } from '../shared/identity/ProfileContext';
import { SessionErrorPage } from '../layout/SessionErrorPage';
import { LiveUpdates } from '../features/live/LiveUpdates';
import { requireProfile } from './requireProfile';
import { rootRoute } from './rootRoute';
import { useRecheckGuards } from './useRecheckGuards';

/** Everything behind the session (blank and main layouts); live updates run only here. */
export const sessionRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'session',
  beforeLoad: requireProfile,
  errorComponent: SessionErrorPage,
  component: function SessionLayout() {
    const { profile } = sessionRoute.useRouteContext();
    useRecheckGuards();
    return (
      <ProfileContext value={profile}>
        <LiveUpdates />
        <Outlet />
      </ProfileContext>
    );
  },
});
