import { drawsOf } from '../line-seed.js';
import { type AccessTechnology, type LineCondition, profileOf, syncReading } from './line-model.js';

// A line's histories, generated from its number and each day (docs/decisions/0097): the same on every call of a
// day, a new day adding its rows. Kept carrier-neutral; each carrier words them its own way.

const HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;

export type SessionRow = {
  startTime: Date;
  endTime: Date;
  downKbps: number;
  upKbps: number;
  ipAddress: string;
};
export type LineQualityRow = {
  gatheredDate: Date;
  profileName: string;
  snrMarginDb: number;
  downAttenuationDb: number;
  upAttenuationDb: number;
  erroredSeconds: number;
  erroredSecondsCpe: number;
  syncCount: number;
  lostSyncCount: number;
};
export type AuthLogRow = { logDate: Date; status: 'Accept' | 'Reject'; bras: string; error: string | null };
export type SpeedTestRow = { resultId: string; testedAt: Date; downKbps: number; upKbps: number; latencyMs: number };

export type HistoryLine = { number: string; condition: LineCondition; technology: AccessTechnology; now: Date };

function startOfDay(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Sessions ended by a drop each day: rare on a good line, many on one that keeps dropping. */
function dropsPerDay(condition: LineCondition, draw: (n: number) => number): number {
  switch (condition) {
    case 'healthy':
      return draw(10) === 0 ? 1 : 0;
    case 'noisy':
      return 1 + draw(3);
    case 'dropping':
      return 4 + draw(9);
    default:
      return draw(2);
  }
}

/** Days at the end with no session: a disconnected line lost its connection two days ago, a suspended one ten. */
function silentDays(condition: LineCondition): number {
  return condition === 'disconnected' ? 2 : condition === 'suspended' ? 10 : 0;
}

/** Completed sessions, oldest first: each day is cut at its drops; the session running now is not history. */
export function sessionsOf(line: HistoryLine): SessionRow[] {
  const today = startOfDay(line.now);
  const profile = profileOf(line.technology);
  const sync = syncReading(line.number, line.condition === 'healthy' ? 'healthy' : 'noisy', line.technology);
  const rows: SessionRow[] = [];
  const lastDay = today - silentDays(line.condition) * DAY_MS;
  for (let day = today - HISTORY_DAYS * DAY_MS; day <= lastDay; day += DAY_MS) {
    const draw = drawsOf(`sessions:${line.number}:${isoDay(day)}`);
    const cuts = Array.from({ length: dropsPerDay(line.condition, draw) }, () => day + draw(DAY_MS))
      .sort((a, b) => a - b)
      .filter((cut) => cut < line.now.getTime());
    let start = rows.at(-1) ? rows.at(-1)!.endTime.getTime() + 30_000 + draw(120_000) : day;
    for (const cut of cuts) {
      if (cut - start < 60_000) continue;
      rows.push({
        startTime: new Date(start),
        endTime: new Date(cut),
        downKbps: Math.max(0, Math.round(sync.downKbps * (0.7 + draw(30) / 100)) || profile.maxDown / 4),
        upKbps: Math.max(0, Math.round(sync.upKbps * (0.7 + draw(30) / 100)) || profile.maxUp / 4),
        ipAddress: `81.${2 + draw(250)}.${draw(256)}.${1 + draw(254)}`,
      });
      start = cut + 30_000 + draw(120_000);
    }
  }
  return rows;
}

/** One reading a day, taken at 06:00, for the last 90 days. */
export function lineQualityOf(line: HistoryLine): LineQualityRow[] {
  const today = startOfDay(line.now);
  const profile = profileOf(line.technology);
  const rows: LineQualityRow[] = [];
  for (let day = today - HISTORY_DAYS * DAY_MS; day <= today; day += DAY_MS) {
    const gathered = day + 6 * 3_600_000;
    if (gathered > line.now.getTime()) break;
    const draw = drawsOf(`quality:${line.number}:${isoDay(day)}`);
    const reading = syncReading(line.number, line.condition, line.technology);
    const drops = dropsPerDay(line.condition, draw);
    rows.push({
      gatheredDate: new Date(gathered),
      profileName: profile.name,
      snrMarginDb: Math.round((reading.snrMarginDb + (draw(20) - 10) / 10) * 10) / 10,
      downAttenuationDb: reading.attenuationDb,
      upAttenuationDb: Math.round(reading.attenuationDb * 0.6 * 10) / 10,
      erroredSeconds: line.condition === 'healthy' ? draw(5) : 20 + draw(400),
      erroredSecondsCpe: line.condition === 'healthy' ? draw(3) : draw(120),
      syncCount: drops + 1,
      lostSyncCount: drops,
    });
  }
  return rows;
}

/** A sign-in at every session's start, and the odd rejected one (many on a line that keeps dropping). */
export function authLogsOf(line: HistoryLine, exchange: string): AuthLogRow[] {
  const bras = `bras-${exchange.toLowerCase().replaceAll(' ', '-')}-0${1 + (line.number.charCodeAt(10) % 4)}`;
  const rows: AuthLogRow[] = [];
  for (const session of sessionsOf(line)) {
    const draw = drawsOf(`auth:${line.number}:${session.startTime.toISOString()}`);
    if (line.condition !== 'healthy' && draw(4) === 0) {
      rows.push({
        logDate: new Date(session.startTime.getTime() - 20_000 - draw(60_000)),
        status: 'Reject',
        bras,
        error: draw(2) === 0 ? 'Authentication timed out' : 'Invalid password',
      });
    }
    rows.push({ logDate: session.startTime, status: 'Accept', bras, error: null });
  }
  return rows;
}

/** The customer's last ten runs of the carrier's speed tester, one every few days. */
export function speedTestsOf(line: HistoryLine, idPrefix: string): SpeedTestRow[] {
  const sync = syncReading(line.number, line.condition === 'suspended' ? 'healthy' : line.condition, line.technology);
  const rows: SpeedTestRow[] = [];
  for (let i = 0; i < 10; i += 1) {
    const day = startOfDay(line.now) - (1 + i * 3) * DAY_MS;
    const draw = drawsOf(`speed:${line.number}:${isoDay(day)}`);
    rows.push({
      resultId: `${idPrefix}${String(100_000 + draw(900_000))}`,
      testedAt: new Date(day + 8 * 3_600_000 + draw(12 * 3_600_000)),
      downKbps: Math.round((sync.downKbps || profileOf(line.technology).maxDown / 10) * (0.6 + draw(35) / 100)),
      upKbps: Math.round((sync.upKbps || profileOf(line.technology).maxUp / 10) * (0.6 + draw(35) / 100)),
      latencyMs: (line.condition === 'healthy' ? 8 : 25) + draw(30),
    });
  }
  return rows;
}

/** Sorts and pages carrier-neutral rows: what each carrier's paging parameters come down to. */
export function pageOf<T>(
  rows: readonly T[],
  key: (row: T) => number | string,
  descending: boolean,
  skip: number,
  take: number,
) {
  const sorted = [...rows].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return (x < y ? -1 : x > y ? 1 : 0) * (descending ? -1 : 1);
  });
  return { total: sorted.length, items: sorted.slice(skip, skip + take) };
}
