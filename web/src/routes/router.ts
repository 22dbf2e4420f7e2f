import { createRouter, parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import { NotFoundPage } from '../layout/NotFoundPage';
import { PageLoader } from '../layout/PageLoader';
import { RouteErrorPage } from '../layout/RouteErrorPage';
import { routeTree } from './routeTree';

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultPendingComponent: PageLoader,
  // A route that fails shows this in its own place, with a Retry; the layouts around it stay.
  defaultErrorComponent: RouteErrorPage,
  defaultNotFoundComponent: NotFoundPage,
  // An unknown path is the spec's not-found page of its own, whatever layout a part of it would match.
  notFoundMode: 'root',
  // Query values are ids and e-mailed tokens: keep them as the strings they are instead of JSON-parsing them.
  parseSearch: parseSearchWith((value) => value),
  stringifySearch: stringifySearchWith(JSON.stringify),
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
