import { createRoute } from '@tanstack/react-router';
import { BlankLayout } from '../layout/BlankLayout';
import { lazyPage } from './lazyPage';
import { sessionRoute } from './sessionRoute';

const AddCompanyPage = lazyPage(() => import('../features/company/AddCompanyPage'), 'AddCompanyPage');
const SelectCompanyPage = lazyPage(() => import('../features/company/SelectCompanyPage'), 'SelectCompanyPage');

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
