import type { Session } from '@portal/contract';
import { endSessions, revokeOtherSessions } from '../../auth/refresh-tokens.js';
import { recordEvent } from '../../db/audit.js';
import { notFound } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { writeInScope } from '../../scope/scoped-write.js';
import { deviceOf } from './device.js';
import { type LiveSessionRow, liveSessionOf, liveSessionsOf } from './repository.js';

/** Who is asking: the request (for the audit trail), the address it came from, and the session it came with. */
export type SessionCaller = { requestId: string; address: string; sessionId: string };

const sessionOf = (row: LiveSessionRow, currentSessionId: string): Session => ({
  id: row.family_id,
  current: row.family_id === currentSessionId,
  method: row.method,
  secondFactor: row.second_factor,
  device: deviceOf(row.user_agent),
  address: row.address,
  startedAt: row.started_at.toISOString(),
  lastActiveAt: row.last_active_at.toISOString(),
});

/**
 * The caller's own live sessions, ending one and ending all the others (docs/decisions/0211). Ending revokes every
 * token of the session's family, main and dash: its refresh tokens stop working, and its access tokens are refused
 * from the commit on, on every server (the principal cache's change notice, decision 0190).
 */
export function sessionService() {
  /** The current session first (the caller always has it), then the latest used. */
  async function list(scope: EstateScope, caller: SessionCaller): Promise<Session[]> {
    const sessions = (await liveSessionsOf(scope)).map((row) => sessionOf(row, caller.sessionId));
    return [...sessions.filter((session) => session.current), ...sessions.filter((session) => !session.current)];
  }

  /** Ends one live session of the caller's, the current one too (a sign-out); 404 for any other id. */
  async function end(scope: EstateScope, sessionId: string, caller: SessionCaller): Promise<void> {
    const actor = { userId: scope.caller.userId, requestId: caller.requestId };
    await writeInScope(scope, actor, async (inTransaction) => {
      const session = await liveSessionOf(inTransaction, sessionId);
      if (!session) throw notFound('There is no such session of yours that is still signed in.');
      await endSessions(inTransaction.db, scope.caller.userId, [sessionId]);
      await recordEvent(inTransaction.db, {
        action: 'session.ended',
        actor,
        target: { table: 'sign_in_sessions', key: { family_id: sessionId } },
        details: { address: caller.address, current: sessionId === caller.sessionId },
      });
    });
  }

  /** Signs out everywhere else: every session of the caller's but the one asking ends. Answers how many did. */
  async function endOthers(scope: EstateScope, caller: SessionCaller): Promise<{ ended: number }> {
    const actor = { userId: scope.caller.userId, requestId: caller.requestId };
    return writeInScope(scope, actor, async (inTransaction) => {
      const ended = await revokeOtherSessions(inTransaction.db, scope.caller.userId, caller.sessionId);
      await recordEvent(inTransaction.db, {
        action: 'session.others_ended',
        actor,
        details: { address: caller.address, ended: ended.length, sessionIds: ended },
      });
      return { ended: ended.length };
    });
  }

  return { list, end, endOthers };
}
