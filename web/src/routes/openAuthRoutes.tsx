import { createRoute, redirect } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AuthLayout } from '../layout/AuthLayout';
import { stringSearch } from '../lib/stringSearch';
import { lazyPage, rendering } from './lazyPage';
import { rootRoute } from './rootRoute';

const InvitationPage = lazyPage(() => import('../features/invites/InvitationPage'), 'InvitationPage');
const VerifyEmailPage = lazyPage(() => import('../features/identity/VerifyEmailPage'), 'VerifyEmailPage');
const ResetPasswordPage = lazyPage(() => import('../features/identity/ResetPasswordPage'), 'ResetPasswordPage');

/** Auth layout pages anyone may open, signed in or not: they act on a link from an e-mail. */
const openAuthLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'open-auth',
  component: AuthLayout,
});

// Declared apart: inline, TypeScript types beforeLoad's search before it has inferred this validator.
const invitationSearch = stringSearch('i');

const invitationRoute = createRoute({
  getParentRoute: () => openAuthLayoutRoute,
  path: '/invitation',
  validateSearch: invitationSearch,
  beforeLoad: ({ search }) => {
    if (!search.i) throw redirect({ to: '/' });
  },
  // Its return type is written out: inferred, it would depend on this route's own type.
  component: rendering(InvitationPage, function InvitationRoute(): ReactNode {
    const { i } = invitationRoute.useSearch();
    return i ? <InvitationPage token={i} /> : null;
  }),
});

const verifyEmailRoute = createRoute({
  getParentRoute: () => openAuthLayoutRoute,
  path: '/auth/verify-email',
  validateSearch: stringSearch('u', 't'),
  component: rendering(VerifyEmailPage, function VerifyEmailRoute() {
    const { u, t } = verifyEmailRoute.useSearch();
    return <VerifyEmailPage userId={u} token={t} />;
  }),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => openAuthLayoutRoute,
  path: '/auth/reset-password',
  validateSearch: stringSearch('u', 't'),
  component: rendering(ResetPasswordPage, function ResetPasswordRoute() {
    const { u, t } = resetPasswordRoute.useSearch();
    return <ResetPasswordPage userId={u} token={t} />;
  }),
});

export const openAuthRoutes = openAuthLayoutRoute.addChildren([invitationRoute, verifyEmailRoute, resetPasswordRoute]);
