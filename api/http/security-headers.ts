import type { onRequestHookHandler } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers from helmet, built once (@fastify/helmet builds them anew
 * on every request). HSTS and `upgrade-insecure-requests` only when PUBLIC_URL
 * is https: served over plain HTTP (a LAN address), they sent the browser to
 * an https that is not there, and the app was a blank page.
 */
export function securityHeaders(publicUrl: string): onRequestHookHandler {
  const https = new URL(publicUrl).protocol === 'https:';
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    strictTransportSecurity: https,
  });
  return (request, reply, done) => headers(request.raw, reply.raw, (error) => done(error as Error | undefined));
}
