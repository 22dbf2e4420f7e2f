import { type AsyncRouteComponent, lazyRouteComponent } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * A page in a chunk of its own, named by its export: the router loads it when
 * its route is opened or a link to it is hovered, so the first page a browser
 * opens loads only its own code (and a page deployed anew reloads the app
 * instead of failing on a chunk that is gone).
 */
export const lazyPage = lazyRouteComponent;

/**
 * A route's component that renders a lazy page with what it reads from the
 * route (search, params): the router loads the page with it, as it does a page
 * given as the component itself.
 */
export function rendering<Props>(page: AsyncRouteComponent<Props>, component: () => ReactNode): AsyncRouteComponent<object> {
  return Object.assign(component, { preload: () => page.preload?.() ?? Promise.resolve() });
}
