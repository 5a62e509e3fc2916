import { type SimNumberContext, simNumberProblem } from '@portal/contract';
import { badRequest } from '../../http/errors.js';

type BarKey = number | string;

function invalid(field: string, rule: string, message: string) {
  return badRequest(message, { details: [{ field, rule, message }] });
}

/** The bars a change adds and removes, each list sorted and without repeats, so equal changes compare equal. */
export type BarChange<K extends BarKey> = { add: K[]; remove: K[]; summary: string };

function sortedUnique<K extends BarKey>(keys: readonly K[]): K[] {
  return [...new Set(keys)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * A bar change checked against the carrier's catalogue (key to name): at least one bar, none both added and
 * removed, each offered by the carrier and none of `reserved` (bars changed by another route). Answers 400 on the
 * list that breaks a rule.
 */
export function checkedBarChange<K extends BarKey>(
  input: { barsToAdd: readonly K[]; barsToRemove: readonly K[] },
  catalogue: ReadonlyMap<K, string>,
  reserved: ReadonlyMap<K, string> = new Map(),
): BarChange<K> {
  const add = sortedUnique(input.barsToAdd);
  const remove = sortedUnique(input.barsToRemove);
  if (add.length === 0 && remove.length === 0) {
    throw invalid('barsToAdd', 'at_least_one_change', 'You have not made any changes.');
  }
  const both = add.find((key) => remove.includes(key));
  if (both !== undefined) throw invalid('barsToRemove', 'not_in_both', `Bar ${both} is both added and removed`);
  for (const [field, keys] of [
    ['barsToAdd', add],
    ['barsToRemove', remove],
  ] as const) {
    for (const key of keys) {
      const reason = reserved.get(key);
      if (reason !== undefined) throw invalid(field, 'not_reserved', `Bar ${key} ${reason}`);
      if (!catalogue.has(key)) throw invalid(field, 'in_catalogue', `Bar ${key} is not one of the carrier's bars`);
    }
  }
  const names = (keys: readonly K[]) => keys.map((key) => catalogue.get(key) ?? String(key)).join(', ');
  const parts = [add.length > 0 ? `add ${names(add)}` : '', remove.length > 0 ? `remove ${names(remove)}` : ''];
  return { add, remove, summary: `Bar change: ${parts.filter(Boolean).join('; ')}` };
}

/** A new SIM number checked by the contract's rule, the form's own (spec 5): 400 on `field` naming the broken rule. */
export function checkSimNumber(field: string, simNumber: string, context: SimNumberContext) {
  const problem = simNumberProblem(simNumber, context);
  if (problem) throw invalid(field, problem.rule, problem.message);
}
