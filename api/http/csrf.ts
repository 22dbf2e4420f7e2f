import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../../domain/shared/errors.ts';
import { takesUpload } from './validation.ts';

/**
 * The header the web app sends with every request. A page of another origin
 * can send neither it nor a JSON body without asking first (a CORS preflight),
 * and this server never says yes; a form or a plain fetch can send neither.
 */
export const APP_HEADER = 'x-requested-with';
export const APP_HEADER_VALUE = 'timeledger';

export const csrfMessages = {
  foreignOrigin: 'This request came from a page of another site or address, so it was refused.',
  notFromApp: `This request was refused: send it with a JSON body or with the header "X-Requested-With: ${APP_HEADER_VALUE}".`,
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery: the session cookie goes with every request to
 * this host, even from a page on another port of it. So a request that changes
 * something, or opens the live WebSocket, must come from Timeledger's own
 * origin (PUBLIC_URL's, or the address the browser used) and, when it changes
 * something, carry what only the app sends. A request with an API token
 * ("Authorization: Bearer") uses no cookie and needs neither.
 */
export function registerCsrfProtection(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  // After onRequest, so that a refused WebSocket upgrade is closed like any other (@fastify/websocket).
  app.addHook('preValidation', async (request) => {
    const changesState = STATE_CHANGING.has(request.method);
    if (!changesState && request.headers.upgrade === undefined) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== publicOrigin && origin !== ownOrigin(request)) throw forbidden(csrfMessages.foreignOrigin);
    if (changesState && !sentByApp(request)) throw forbidden(csrfMessages.notFromApp);
  });
}

function sentByApp(request: FastifyRequest): boolean {
  if (request.headers[APP_HEADER] === APP_HEADER_VALUE) return true;
  const mediaType = request.headers['content-type']?.split(';')[0].trim().toLowerCase();
  // An upload's multipart body can come from a form of any site: its Origin decides.
  return mediaType === 'application/json' || (mediaType === 'multipart/form-data' && takesUpload(request.routeOptions.schema));
}

/** The origin the browser addressed, from the request's own Host. */
function ownOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}
