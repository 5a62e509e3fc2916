import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import { bearer, signIn, testConfig } from '../support/test-app.js';
import { type TestDatabase, testEngines } from '../support/test-databases.js';

/*
 * Without JWT_SECRET the deployment's signing key is kept in its database (decision 0195): every server on it signs
 * and verifies with the same key, whatever DATA_DIR each has, and a key file an earlier version left becomes it.
 */
describe.each(testEngines())('the signing key without JWT_SECRET on $name', (engine) => {
  let database: TestDatabase;
  const folders: string[] = [];
  const apps: App[] = [];

  beforeAll(async () => {
    database = await engine.create('demo data');
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database?.dispose();
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });

  /** A server with a data folder of its own and no configured key. */
  async function server(dataDir?: string) {
    const folder = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'portal-key-')));
    folders.push(folder);
    const app = await buildApp(
      { ...testConfig(), jwtSecret: undefined, dataDir: folder },
      { database: database.handle },
    );
    apps.push(app);
    await app.ready();
    return app;
  }

  const myFunctionality = (app: App, token: string) =>
    app
      .inject({ method: 'GET', url: '/api/profiles/myFunctionality', headers: bearer(token) })
      .then((r) => r.statusCode);

  it('adopts a key file an earlier version kept under DATA_DIR, when the database has none yet', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'portal-key-'));
    const legacy = randomBytes(48);
    await mkdir(path.join(folder, 'secrets'));
    await writeFile(path.join(folder, 'secrets', 'jwt-signing-key'), legacy.toString('base64url'));
    await server(folder);
    const row = await database.handle.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'jwt-signing-key')
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.value).equals(legacy)).toBe(true);
  });

  it('is the same on every server of the database, and after a restart', async () => {
    const first = await server();
    const second = await server();
    const session = await signIn(first, 'acme.admin');
    expect(await myFunctionality(second, session.accessToken)).toBe(200);
    await first.close();
    const restarted = await server();
    expect(await myFunctionality(restarted, (await signIn(second, 'acme.finance')).accessToken)).toBe(200);
    expect(await myFunctionality(restarted, session.accessToken)).toBe(200);
  });

  it('is not used where JWT_SECRET is set: a token of the database key is refused there', async () => {
    const keyed = await server();
    const configured = await buildApp(testConfig(), { database: database.handle });
    apps.push(configured);
    await configured.ready();
    const session = await signIn(keyed, 'acme.admin');
    expect(await myFunctionality(configured, session.accessToken)).toBe(401);
  });
});
