import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DatabaseHandle } from '../db/connection.js';
import type { AccessClaims } from './access-tokens.js';
import { loadPrincipal, type Principal } from './principal.js';

/** Migration 0015's channel: a user id whose principal changed, or '*' for everyone. */
const CHANNEL = 'portal_principal';
const BARRIER_PREFIX = 'barrier:';
const SESSIONS = 10_000;
/** A safety net only: notices keep entries true, this bounds how long one could outlive a missed notice. */
const MAX_AGE_MS = 60_000;
const RELISTEN_MS = 1000;
const BARRIER_TIMEOUT_MS = 2000;

/**
 * The signed-in callers this server has read, by session (decision 0190), so a call costs no read of the caller
 * while nothing about them changed. Every change the read depends on announces itself on CHANNEL when it commits
 * (migration 0015), on whichever server made it, and each server drops the user's entries when told:
 * - entries are kept and used only while this server is subscribed; while it is not (starting, or its listening
 *   connection lost and not yet back) every call reads the caller afresh, and the cache is emptied when it is back;
 * - a read that overlaps a notice is not kept, as it may predate the change;
 * - a write's answer waits for {@link barrier}, so once this server has answered a logout, a revocation or a change
 *   of functionality, its own next call already sees it; other servers see it as soon as the notice reaches them.
 */
export class PrincipalCache {
  // Expired entries are dropped when they expire, not when the cache is full: memory follows the last minute's
  // callers (a soak showed the heap growing by 3.5 MB a minute while ten thousand stale sessions accumulated).
  private readonly entries = new LRUCache<string, Principal>({ max: SESSIONS, ttl: MAX_AGE_MS, ttlAutopurge: true });
  private listening = false;
  private generation = 0;
  private stopListening: (() => Promise<void>) | undefined;
  private relisten: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly barriers = new Map<string, () => void>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    try {
      this.stopListening = await this.database.listen(
        CHANNEL,
        (payload) => this.notice(payload),
        () => this.lost(),
      );
      this.forgetAll();
      this.listening = true;
    } catch (error) {
      this.log.warn({ err: error }, 'cannot listen for changes of signed-in users: reading the caller on every call');
      this.lost();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.relisten);
    this.listening = false;
    // The database may already be closed (a test closing it under a running server): nothing is left to stop.
    await this.stopListening?.().catch(() => {});
    for (const release of this.barriers.values()) release();
  }

  /** The caller of these claims with a live session, from this server's copy when it may be trusted. */
  async principalOf(claims: AccessClaims, now = new Date()): Promise<Principal | undefined> {
    const kept = this.listening ? this.entries.get(claims.sessionId) : undefined;
    if (kept && kept.userId === claims.userId && kept.sessionEndsAt > now) return kept;
    const generation = this.generation;
    const principal = await loadPrincipal(this.database.db, claims, now);
    if (principal && this.listening && generation === this.generation) this.entries.set(claims.sessionId, principal);
    return principal;
  }

  /**
   * Resolves once this server has had every notice of a change committed before it was called: a write's answer
   * waits for it, so the caller's next call here sees what the write changed.
   */
  async barrier(): Promise<void> {
    if (!this.listening) return;
    const id = randomUUID();
    const arrived = new Promise<void>((resolve) => {
      this.barriers.set(id, resolve);
    });
    try {
      await sql`SELECT pg_notify(${CHANNEL}, ${BARRIER_PREFIX + id})`.execute(this.database.db);
    } catch {
      // The write is done and answered as such; what this server kept cannot be vouched for.
      this.barriers.delete(id);
      this.forgetAll();
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), BARRIER_TIMEOUT_MS);
    });
    try {
      // Late notices mean lost or slow ones: trust nothing kept until they flow again.
      if ((await Promise.race([arrived, timedOut])) === 'timeout') this.forgetAll();
    } finally {
      clearTimeout(timer);
      this.barriers.delete(id);
    }
  }

  private notice(payload: string): void {
    if (payload.startsWith(BARRIER_PREFIX)) {
      this.barriers.get(payload.slice(BARRIER_PREFIX.length))?.();
      return;
    }
    this.generation += 1;
    if (payload === '*') {
      this.entries.clear();
      return;
    }
    const userId = Number(payload);
    for (const [sessionId, principal] of this.entries.entries()) {
      if (principal.userId === userId) this.entries.delete(sessionId);
    }
  }

  private lost(): void {
    this.listening = false;
    this.forgetAll();
    if (this.closed) return;
    this.relisten = setTimeout(() => void this.start(), RELISTEN_MS);
    this.relisten.unref();
  }

  private forgetAll(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
