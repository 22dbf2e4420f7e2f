import { createRoute } from '@tanstack/react-router';
import { AddCompanyPage } from '../features/company/AddCompanyPage';
import { SelectCompanyPage } from '../features/company/SelectCompanyPage';
import { BlankLayout } from '../layout/BlankLayout';
import { sessionRoute } from './sessionRoute';

const blankLayoutRoute = createRoute({
  getParentRoute: () => sessionRoute,
  id: 'blank',
  component: BlankLayout,
});

const addCompanyRoute = createRoute({ getParentRoute: () => blankLayoutRoute, path: '/add-company', component: AddCompanyPage });
const selectCompanyRoute = createRoute({
  getParentRoute: () => blankLayoutRoute,
  path: '/select-company',
  component: SelectCompanyPage,
});

export const blankRoutes = blankLayoutRoute.addChildren([addCompanyRoute, selectCompanyRoute]);
