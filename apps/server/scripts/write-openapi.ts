import { writeFile } from 'node:fs/promises';
import { COMMITTED_OPENAPI_PATH, renderOpenApiDocument } from '../src/openapi-document.js';

await writeFile(COMMITTED_OPENAPI_PATH, await renderOpenApiDocument());
console.log(`wrote ${COMMITTED_OPENAPI_PATH.pathname}`);
