import { createRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { SignUpPage } from '../features/auth/SignUpPage';
import { AuthLayout } from '../layout/AuthLayout';
import { rootRoute } from './rootRoute';
import { skipSignIn } from './skipSignIn';

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
