import { createRouter, parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import { routeTree } from './routeTree';

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  // Query values are ids and e-mailed tokens: keep them as the strings they are instead of JSON-parsing them.
  parseSearch: parseSearchWith((value) => value),
  stringifySearch: stringifySearchWith(JSON.stringify),
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
