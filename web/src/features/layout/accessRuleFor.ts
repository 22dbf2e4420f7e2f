import { routeAccess, type RouteRule } from './routeAccess';

/** The access rule of a path (trailing slash ignored), or undefined when every role may open it. */
export function accessRuleFor(path: string): RouteRule | undefined {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return routeAccess[normalized];
}
