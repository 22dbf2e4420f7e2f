import type { FastifyRequest } from 'fastify';

const INVITATION_TOKEN = /^(\/api\/invitations\/)[^/?#]+/;
/** The secrets of mailed links: `t` (verification, password reset) and `i` (invitation). */
const LINK_SECRET = /([?&][ti]=)[^&#]*/g;

/** A request's URL as the log shows it: the secrets of mailed links are left out. */
export function redactUrl(url: string): string {
  return url.replace(INVITATION_TOKEN, '$1[redacted]').replace(LINK_SECRET, '$1[redacted]');
}

/**
 * How the log shows a request: Fastify's own fields, with the URL redacted.
 * It names no headers, so neither the session cookie nor an API token is logged.
 */
export const requestLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
