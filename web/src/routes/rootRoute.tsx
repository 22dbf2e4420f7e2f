import { createRootRoute, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../layout/NotFoundPage';

export const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});
