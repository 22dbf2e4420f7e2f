import { createRoute, Outlet } from '@tanstack/react-router';
import { SessionGuard } from '../features/auth/SessionGuard';
import { LiveUpdates } from '../features/live/LiveUpdates';
import { rootRoute } from './rootRoute';

/** Everything behind the session (blank and main layouts); live updates run only here. */
export const sessionRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'session',
  component: () => (
    <SessionGuard access="signed-in">
      <LiveUpdates />
      <Outlet />
    </SessionGuard>
  ),
});
