import { createRootRoute, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../features/layout/NotFoundPage';

export const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});
