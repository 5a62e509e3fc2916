import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

// PostgreSQL text holds neither NUL nor a lone UTF-16 surrogate (JSON can carry both as escapes), so such input is
// refused at the door with a 400 naming the field, instead of failing in the database as a 500.
const LONE_SURROGATE = /\p{Cs}/u;
const isUnstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

function findUnstorable(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return isUnstorable(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorable(item, `${path}.${index}`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findUnstorable(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return undefined;
}

export function refuseUnstorableText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findUnstorable(part, '');
      if (field !== undefined) {
        throw badRequest('The request holds text that is not valid Unicode', {
          code: 'invalid_text',
          details: [
            { field: field || 'body', rule: 'unicode', message: 'Must be valid Unicode text without NUL characters' },
          ],
        });
      }
    }
  });
}
