import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

// PostgreSQL text holds neither NUL nor a lone UTF-16 surrogate (JSON can carry both as escapes), so such input is
// refused at the door with a 400 naming the field, instead of failing in the database as a 500.
const LONE_SURROGATE = /\p{Cs}/u;
const isUnstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * No request of the API nests arrays and objects more than a few levels; JSON parses far deeper (20,000 levels is a
 * 40 kB body), and any recursive walk over such input could overflow the stack. Refused at the door instead.
 */
export const MAX_INPUT_DEPTH = 64;

type Finding = { kind: 'unstorable'; field: string } | { kind: 'too_deep' };

/** Walks the parsed input without recursion, depth first in document order: the first problem found, if any. */
export function inspectInput(input: unknown): Finding | undefined {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value: input, path: '', depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      if (isUnstorable(value)) return { kind: 'unstorable', field: path };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { kind: 'too_deep' };
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index]!;
      pending.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return undefined;
}

export function refuseUnstorableText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      refuseUnstorableInput(part, value);
    }
  });
}

/** Throws the 400 naming the field when the input nests too deeply or holds text the database cannot store. */
export function refuseUnstorableInput(part: string, value: unknown): void {
  const finding = inspectInput(value);
  if (finding?.kind === 'too_deep') {
    throw badRequest(`The request ${part} nests arrays and objects too deeply`, {
      code: 'too_deep',
      details: [
        {
          field: part,
          rule: 'max_depth',
          message: `Must not nest arrays and objects more than ${MAX_INPUT_DEPTH} levels deep`,
        },
      ],
    });
  }
  if (finding?.kind === 'unstorable') {
    throw badRequest('The request holds text that is not valid Unicode', {
      code: 'invalid_text',
      details: [
        {
          field: finding.field || part,
          rule: 'unicode',
          message: 'Must be valid Unicode text without NUL characters',
        },
      ],
    });
  }
}
