import { type NamedOperation, pathParamNames } from '@portal/contract';
import { z } from 'zod';
import { EXAMPLES } from './examples.js';
import { operationKey, operationLabel, paramTargetOf } from './sweep-requests.js';
import { isKnownTarget } from './target-ids.js';

/**
 * What the sweeps would lack to generate their cases for these operations: an example body for every body, an
 * example query for every query with required fields, and ids for every target a path parameter names.
 */
export function missingFixtures(list: readonly NamedOperation[]): string[] {
  const missing: string[] = [];
  for (const named of list) {
    const { operation } = named;
    const example = EXAMPLES[operationKey(named)];
    const where = `${operationLabel(operation)}: add to EXAMPLES['${operationKey(named)}'] in test/sweeps/examples.ts`;
    if (operation.body && !example?.body) missing.push(`${where} a valid example body`);
    if (operation.query && !operation.query.safeParse({}).success && !example?.query) {
      missing.push(`${where} a valid example query`);
    }
    if (operation.body && !(operation.body instanceof z.ZodObject)) {
      missing.push(`${operationLabel(operation)}: the hostile sweep varies a body's fields; make it a z.object`);
    }
    for (const name of pathParamNames(operation.path)) {
      const target = paramTargetOf(operation, name);
      if (target === undefined) {
        missing.push(`${operationLabel(operation)} :${name}: declare its schema with idParam() or cliParam()`);
      } else if (!isKnownTarget(target)) {
        missing.push(
          `${operationLabel(operation)} :${name}: add target '${target}' to TARGETS in test/sweeps/target-ids.ts`,
        );
      }
    }
  }
  return missing;
}
