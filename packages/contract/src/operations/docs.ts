import { z } from 'zod';
import { operation } from '../operation';

// The API reference's own document (the browsable page under /api/docs is served by its plugin).

export const openApi = operation({
  method: 'GET',
  path: '/api/openapi.json',
  summary: 'This API as an OpenAPI 3.1 document',
  access: 'public',
  unlisted: true,
  response: z.record(z.string(), z.unknown()),
});
