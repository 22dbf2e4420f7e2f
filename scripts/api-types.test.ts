import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypes } from './api-types/apiTypes.ts';

describe('the web app’s API types', () => {
  it('are generated from the OpenAPI document the API publishes now', async () => {
    const checkedIn = await readFile(API_TYPES_FILE, 'utf8');
    // Not toBe: a diff of two 6,000-line strings says less than the command that fixes it.
    expect(checkedIn === (await apiTypes()), 'web/src/lib/openapi.ts is behind the API: run npm run api:types').toBe(true);
  });
});
