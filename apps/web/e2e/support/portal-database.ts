import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * PostgreSQL databases for the browser files' servers, on the server TEST_DATABASE_URL names (decision 0182). The
 * run's global setup has the built server migrate and load the demo data into a template once; each file's server
 * starts on a copy of it (`CREATE DATABASE … TEMPLATE`), dropped after the file.
 */

const PREFIX = 'portal_e2e_';
/** Leftovers of runs that ended without their teardown (killed) are removed once they are this old. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** A new database on `server` (a copy of `template` when given, a URL on the same server); answers its URL. */
export async function createDatabase(server: string, template?: string): Promise<string> {
  const name = `${PREFIX}${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await asAdmin(server, async (client) => {
    const copy = template ? ` TEMPLATE ${client.escapeIdentifier(databaseName(template))}` : '';
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}${copy}`);
  });
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(server: string, database: string): Promise<void> {
  await dropNamed(server, databaseName(database));
}

export async function removeStaleDatabases(server: string): Promise<void> {
  const names = await asAdmin(server, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [PREFIX],
    );
    return rows.map((row) => row.datname);
  });
  for (const name of names) {
    const createdAt = Number.parseInt(name.slice(PREFIX.length).split('_')[0] ?? '', 36);
    if (Date.now() - createdAt > STALE_AFTER_MS) await dropNamed(server, name);
  }
}

async function dropNamed(server: string, name: string): Promise<void> {
  await asAdmin(server, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
  );
}

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

async function asAdmin<T>(server: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
