import { ENDPOINT_LIST, pathParamNames } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EXAMPLES } from './examples.js';
import { endpointKey, endpointLabel, paramTargetOf } from './sweep-requests.js';
import { isKnownTarget } from './target-ids.js';

// The sweeps generate their cases from the endpoint table; these say what a new endpoint needs before they can.

describe('the sweep fixtures cover every endpoint of the table', () => {
  it('with an example body for every body, and an example query for every query with required fields', () => {
    const missing: string[] = [];
    for (const named of ENDPOINT_LIST) {
      const { endpoint } = named;
      const example = EXAMPLES[endpointKey(named)];
      const where = `${endpointLabel(endpoint)}: add to EXAMPLES['${endpointKey(named)}'] in test/sweeps/examples.ts`;
      if (endpoint.body && !example?.body) missing.push(`${where} a valid example body`);
      if (endpoint.query && !endpoint.query.safeParse({}).success && !example?.query) {
        missing.push(`${where} a valid example query`);
      }
      if (endpoint.body && !(endpoint.body instanceof z.ZodObject)) {
        missing.push(`${endpointLabel(endpoint)}: the hostile sweep varies a body's fields; make it a z.object`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('with ids for every target a path parameter names', () => {
    const missing: string[] = [];
    for (const { endpoint } of ENDPOINT_LIST) {
      for (const name of pathParamNames(endpoint.path)) {
        const target = paramTargetOf(endpoint, name);
        if (target === undefined) {
          missing.push(`${endpointLabel(endpoint)} :${name}: declare its schema with idParam() or cliParam()`);
        } else if (!isKnownTarget(target)) {
          missing.push(
            `${endpointLabel(endpoint)} :${name}: add target '${target}' to TARGETS in test/sweeps/target-ids.ts`,
          );
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('and with no example for an endpoint, or a part of one, the table does not have', () => {
    const stale: string[] = [];
    for (const [key, example] of Object.entries(EXAMPLES)) {
      const named = ENDPOINT_LIST.find((candidate) => endpointKey(candidate) === key);
      if (!named) {
        stale.push(`${key}: no such endpoint in the table`);
        continue;
      }
      const { endpoint } = named;
      if (example.body && !endpoint.body) stale.push(`${key}: has an example body but takes none`);
      if (example.query && !endpoint.query) stale.push(`${key}: has an example query but takes none`);
      if (example.line && pathParamNames(endpoint.path).length === 0)
        stale.push(`${key}: names a line but has no path`);
    }
    expect(stale).toEqual([]);
  });
});
