// npm run api:types: writes the web app's API types (web/src/lib/openapi.ts) from the API's OpenAPI document.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { API_TYPES_FILE, apiTypes } from './api-types/apiTypes.ts';

await writeFile(API_TYPES_FILE, await apiTypes());
console.log(`Wrote ${path.relative(process.cwd(), API_TYPES_FILE)}`);
