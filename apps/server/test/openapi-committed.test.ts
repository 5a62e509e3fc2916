import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { COMMITTED_OPENAPI_PATH, renderOpenApiDocument } from '../src/openapi-document.js';

it('has the committed openapi.json up to date (npm run openapi -w @portal/server rewrites it)', async () => {
  const committed = await readFile(COMMITTED_OPENAPI_PATH, 'utf8');
  expect(committed).toBe(await renderOpenApiDocument());
});
