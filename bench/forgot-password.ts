import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startPortal } from './portal-server.js';

/*
 * Does POST /api/login/forgotPassword take the same time whether or not the username and e-mail match? An attacker
 * who could tell would learn which e-mail address belongs to a username. The built server runs over a throwaway
 * PostgreSQL database with the small demo data plus bench users, mail in outbox mode (no SMTP_URL, as in the tests).
 *
 * Requests go in pairs, one matching and one not for the same username, in a random order within the pair, one
 * request at a time with a pause between them, so that whatever a request leaves running (hashing, mail) is done
 * before the next and a shared machine's changing load weighs on both halves of a pair alike: the figure that
 * counts is the difference within pairs. The recovery throttle allows 5 requests per username and 20 per address
 * before it makes them wait, so each username is asked 4 times (two pairs) and the server trusts the bench's
 * X-Forwarded-For (TRUST_PROXY=127.0.0.1) to give each request an address of its own from 198.18.0.0/15, the range
 * set aside for benchmarks (RFC 2544).
 */

const PER_KIND = Number(process.env.BENCH_REQUESTS ?? 200);
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 100);
const PAIRS_PER_USER = 2;
const WARM_UP = 40;

type Kind = 'matching' | 'not matching';
type Sample = { kind: Kind; ms: number; status: number };

export async function run(): Promise<void> {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `portal_bench_forgot_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const portal = await startPortal({ DATABASE_URL: databaseUrl, TRUST_PROXY: '127.0.0.1' });
  try {
    const users = await addBenchUsers(databaseUrl, Math.ceil(PER_KIND / PAIRS_PER_USER));
    const random = seededRandom();
    const pairs = users
      .flatMap((user) => Array.from({ length: PAIRS_PER_USER }, () => user))
      .slice(0, PER_KIND)
      .map((user) => {
        const matching = { kind: 'matching' as const, username: user.userName, emailAddress: user.emailAddress };
        const other = {
          kind: 'not matching' as const,
          username: user.userName,
          emailAddress: `not.${user.emailAddress}`,
        };
        return random() < 0.5 ? [matching, other] : [other, matching];
      });
    let address = 0;
    const ask = async (username: string, emailAddress: string) => {
      address += 1;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      const started = performance.now();
      const response = await fetch(`${portal.baseUrl}/api/login/forgotPassword`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `198.${18 + (address >> 16)}.${(address >> 8) & 255}.${address & 255}`,
        },
        body: new URLSearchParams({ username, emailAddress }),
      });
      await response.arrayBuffer();
      return { ms: performance.now() - started, status: response.status };
    };
    for (let index = 0; index < WARM_UP; index++) await ask(`warm.up.${index}`, 'warm.up@example.co.uk');
    const samples: Sample[][] = [];
    for (const pair of pairs) {
      const measured: Sample[] = [];
      for (const { kind, username, emailAddress } of pair)
        measured.push({ kind, ...(await ask(username, emailAddress)) });
      samples.push(measured);
    }
    // Let the last mails and writes finish before the server stops.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    report(samples);
  } finally {
    await portal.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** Users of the Acme company who exist only for the bench, with the demo users' password hash. */
async function addBenchUsers(databaseUrl: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ userName: string; emailAddress: string }>(
      `WITH template AS (
         SELECT u.partner_id, u.profile_id, c.password_hash FROM users u
         JOIN user_credentials c ON c.user_id = u.id WHERE u.user_name = 'acme.admin'
       ), added AS (
         INSERT INTO users (partner_id, user_name, email_address, profile_id)
         SELECT partner_id, 'bench.user.' || n, 'bench.user.' || n || '@acmelogistics.co.uk', profile_id
         FROM template, generate_series(1, $1::int) AS n
         RETURNING id, user_name, email_address
       ), credentials AS (
         INSERT INTO user_credentials (user_id, password_hash) SELECT added.id, template.password_hash
         FROM added, template
       )
       SELECT user_name AS "userName", email_address AS "emailAddress" FROM added`,
      [count],
    );
    return rows;
  } finally {
    await client.end();
  }
}

function report(pairs: Sample[][]): void {
  const samples = pairs.flat();
  const unexpected = samples.filter((sample) => sample.status !== 200);
  if (unexpected.length > 0) console.log(`non-200 answers: ${unexpected.length} (${unexpected[0]?.status}, ...)`);
  const msOf = (kind: Kind) => (pair: Sample[]) => pair.find((sample) => sample.kind === kind)?.ms ?? Number.NaN;
  const rows = [
    { name: 'matching', times: pairs.map(msOf('matching')) },
    { name: 'not matching', times: pairs.map(msOf('not matching')) },
    {
      name: 'difference',
      times: pairs.map((pair) => msOf('matching')(pair) - msOf('not matching')(pair)),
    },
  ].map(({ name, times }) => ({ name, ...describe(times) }));
  const ms = (value: number) => value.toFixed(2).padStart(8);
  console.log(`POST /api/login/forgotPassword: ${pairs.length} pairs, one request at a time, ${PAUSE_MS} ms apart`);
  console.log(`${''.padEnd(14)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'mean'.padStart(9)}${'sd'.padStart(9)}`);
  for (const row of rows)
    console.log(`${row.name.padEnd(14)} ${ms(row.p50)} ${ms(row.p95)} ${ms(row.mean)} ${ms(row.sd)}`);
  const difference = rows[2]!;
  const margin = (1.96 * difference.sd) / Math.sqrt(pairs.length);
  console.log(
    `matching - not matching, within pairs: median ${difference.p50.toFixed(2)} ms, mean ${difference.mean.toFixed(2)} ms ` +
      `(95% interval ${(difference.mean - margin).toFixed(2)} to ${(difference.mean + margin).toFixed(2)} ms)`,
  );
}

function describe(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  const sd = Math.sqrt(sorted.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (sorted.length - 1));
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), mean, sd };
}

/** xorshift32 with a fixed seed, so runs put the pairs in the same order. */
function seededRandom(): () => number {
  let state = 0x2545f491;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}
