import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import pino from 'pino';
import { buildApp } from '../../api/app.ts';
import { configFromEnv } from '../../api/config.ts';
import type { ApiContext } from '../../api/http/context.ts';

/** Where the web app's API types live, checked in. */
export const API_TYPES_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src/lib/openapi.ts');

const HEADER = `/**
 * The API's requests and answers, generated from its OpenAPI document
 * (/api/docs/json) by \`npm run api:types\`. Do not edit: change the routes'
 * schemas and run it again. A test fails while this file is behind the API.
 */

`;

/**
 * The OpenAPI document the API publishes, without a database or a port:
 * building the app only registers the routes, whose schemas make the
 * document, and of the context it reads nothing but the watcher it subscribes
 * to. No request is ever served, so no service is needed.
 */
export async function openApiDocument(): Promise<OpenAPI3> {
  const documentOnly = {
    config: { ...configFromEnv({}), serveWeb: false },
    watcher: { onTablesChanged: () => undefined },
  } as unknown as ApiContext;
  const app = await buildApp({ context: documentOnly, jwtSecret: 'document-only', logger: pino({ level: 'silent' }), isReady: () => false });
  try {
    await app.ready();
    return app.swagger() as OpenAPI3;
  } finally {
    await app.close();
  }
}

/** The text of web/src/lib/openapi.ts for the API as it is now. */
export async function apiTypes(): Promise<string> {
  return HEADER + astToString(await openapiTS(await openApiDocument(), { silent: true }));
}
