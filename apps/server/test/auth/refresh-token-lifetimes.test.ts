import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_ABSOLUTE_MS, REFRESH_IDLE_MS, rotate, startSession } from '../../src/auth/refresh-tokens.js';
import type { DatabaseHandle } from '../../src/db/connection.js';
import { insertPartner, insertUser } from '../support/factories.js';
import { openTestDatabase } from '../support/test-app.js';

let database: DatabaseHandle;
let userId = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  const partnerId = await insertPartner(db, 'lifetime');
  userId = await insertUser(db, partnerId, 'lifetime.user');
});
afterAll(() => database?.close());

const minutes = (n: number) => n * 60 * 1000;

describe('refresh token lifetimes', () => {
  it('are opaque, random and stored only as a hash', async () => {
    const start = new Date('2026-11-21T09:00:00Z');
    const { token } = await startSession(database.db, userId, 'main', start);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await database.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);
  });

  it('expire after 30 idle minutes', async () => {
    const start = new Date('2026-11-21T10:00:00Z');
    const { token } = await startSession(database.db, userId, 'main', start);
    expect(REFRESH_IDLE_MS).toBe(minutes(30));
    const late = await rotate(database.db, token, new Date(start.getTime() + minutes(31)));
    expect(late).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('end 12 hours after sign-in however often they are refreshed', async () => {
    const start = new Date('2026-11-21T06:00:00Z');
    let { token } = await startSession(database.db, userId, 'main', start);
    let at = start.getTime();
    let refreshes = 0;
    for (;;) {
      at += minutes(25);
      const next = await rotate(database.db, token, new Date(at));
      if (!next.ok) {
        expect(next.reason).toBe('expired');
        break;
      }
      token = next.token;
      refreshes++;
    }
    expect(refreshes).toBe(Math.floor(REFRESH_ABSOLUTE_MS / minutes(25)));
    expect(at - start.getTime()).toBeGreaterThanOrEqual(REFRESH_ABSOLUTE_MS);
  });
});
