import { createRoute } from '@tanstack/react-router';
import { AuthLayout } from '../layout/AuthLayout';
import { lazyPage } from './lazyPage';
import { rootRoute } from './rootRoute';
import { skipSignIn } from './skipSignIn';

const LoginPage = lazyPage(() => import('../features/identity/LoginPage'), 'LoginPage');
const SignUpPage = lazyPage(() => import('../features/identity/SignUpPage'), 'SignUpPage');
const ForgotPasswordPage = lazyPage(() => import('../features/identity/ForgotPasswordPage'), 'ForgotPasswordPage');

/** Auth layout pages a signed-in user skips (they go to /dashboard-team). */
const guestLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'guest',
  beforeLoad: skipSignIn,
  component: AuthLayout,
});

const landingRoute = createRoute({ getParentRoute: () => guestLayoutRoute, path: '/', component: LoginPage });
const loginRoute = createRoute({ getParentRoute: () => guestLayoutRoute, path: '/auth/login', component: LoginPage });
const signUpRoute = createRoute({ getParentRoute: () => guestLayoutRoute, path: '/auth/sign-up', component: SignUpPage });
const forgotPasswordRoute = createRoute({
  getParentRoute: () => guestLayoutRoute,
  path: '/auth/forgot-password',
  component: ForgotPasswordPage,
});

export const guestRoutes = guestLayoutRoute.addChildren([landingRoute, loginRoute, signUpRoute, forgotPasswordRoute]);
