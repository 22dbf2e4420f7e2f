import { blankRoutes } from './blankRoutes';
import { guestRoutes } from './guestRoutes';
import { mainRoutes } from './mainRoutes';
import { openAuthRoutes } from './openAuthRoutes';
import { rootRoute } from './rootRoute';
import { sessionRoute } from './sessionRoute';

export const routeTree = rootRoute.addChildren([
  guestRoutes,
  openAuthRoutes,
  sessionRoute.addChildren([blankRoutes, mainRoutes]),
]);
