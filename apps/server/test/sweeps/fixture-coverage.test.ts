import { OPERATION_LIST, pathParamNames } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from './examples.js';
import { missingFixtures } from './fixture-needs.js';
import { operationKey } from './sweep-requests.js';

// The sweeps generate their cases from the operation table; these say what a new operation needs before they can.

describe('the sweep fixtures cover every operation of the table', () => {
  it('with example bodies and queries, and ids for every target a path parameter names', () => {
    expect(missingFixtures(OPERATION_LIST)).toEqual([]);
  });

  it('and with no example for an operation, or a part of one, the table does not have', () => {
    const stale: string[] = [];
    for (const [key, example] of Object.entries(EXAMPLES)) {
      const named = OPERATION_LIST.find((candidate) => operationKey(candidate) === key);
      if (!named) {
        stale.push(`${key}: no such operation in the table`);
        continue;
      }
      const { operation } = named;
      if (example.body && !operation.body) stale.push(`${key}: has an example body but takes none`);
      if (example.query && !operation.query) stale.push(`${key}: has an example query but takes none`);
      if (example.line && pathParamNames(operation.path).length === 0)
        stale.push(`${key}: names a line but has no path`);
    }
    expect(stale).toEqual([]);
  });
});
