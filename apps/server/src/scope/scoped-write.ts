import { type Actor, writeAs } from '../db/audit.js';
import type { EstateScope } from './estate-scope.js';

/**
 * Runs a write's checks and changes in one audited transaction, with the scope reading through it: every check
 * sees the rows as the write will leave them, and a refusal thrown anywhere rolls back whatever came before it.
 */
export function writeInScope<T>(scope: EstateScope, actor: Actor, work: (scope: EstateScope) => Promise<T>) {
  return writeAs(scope.db, actor, (trx) => work({ ...scope, db: trx }));
}
