import { setTimeout as sleep } from 'node:timers/promises';

/*
 * A load generator for scripted sessions rather than one URL: each virtual user runs a session (an async generator
 * that yields calls and is handed each call's parsed answer, so a later call can use a token or an id from an
 * earlier one). Two shapes:
 * - closed loop: `concurrency` users, each sending its next call as soon as the last is answered (the maximum);
 * - open loop: calls start at a fixed rate whatever the answers do, and each call's time counts from when it was
 *   due, so a server that falls behind shows it in the percentiles rather than slowing the load down.
 */

export type Call = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  dashToken?: string;
  form?: Record<string, string>;
  json?: unknown;
};

export type Session = (user: number) => AsyncGenerator<Call, void, unknown>;

export type CallStats = { name: string; latencies: number[] };

export type LoadResult = {
  rps: number;
  calls: CallStats[];
  errors: number;
  /** Calls that started more than LATE_MS after they were due: the generator had no free user for them. */
  late: number;
  errorSamples: string[];
};

type LoadOptions = { baseUrl: string; seconds: number; session: Session; warmUpSeconds?: number };

/** What an open load did in one window of a long run (a soak): its calls' latencies and errors. */
export type Window = { calls: CallStats[]; errors: number };
type Sampling = { everySeconds: number; onWindow: (window: Window) => Promise<void> };

const LATE_MS = 100;
// Each open-loop user waits on one call at a time: enough of them that a due call always finds one free.
const OPEN_LOOP_USERS_PER_CONCURRENT_CALL = 2;

export async function closedLoop(options: LoadOptions & { concurrency: number }): Promise<LoadResult> {
  const recorder = new Recorder();
  const until = performance.now() + options.seconds * 1000;
  const next = async () => (performance.now() < until ? performance.now() : undefined);
  const started = performance.now();
  await Promise.all(Array.from({ length: options.concurrency }, (_, user) => runUser(user, options, next, recorder)));
  return recorder.result((performance.now() - started) / 1000);
}

/**
 * With `warmUpSeconds`, the load runs that long first without being recorded, so the users' sessions (which all
 * begin by signing in) have drifted apart and the figures are of a steady mix, not of everyone signing in at once.
 */
export async function openLoop(options: LoadOptions & { rate: number; sampling?: Sampling }): Promise<LoadResult> {
  const warmUpMs = (options.warmUpSeconds ?? 0) * 1000;
  const start = performance.now();
  const recorder = new Recorder(start + warmUpMs);
  const total = Math.floor(options.rate * (options.seconds + warmUpMs / 1000));
  let issued = 0;
  // The i-th call is due at start + i / rate; a user takes the next due call and waits until it is due.
  const next = async () => {
    if (issued >= total) return undefined;
    const due = start + (issued++ * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    else if (-wait > LATE_MS && due >= start + warmUpMs) recorder.late++;
    return due;
  };
  const users = Math.max(16, Math.ceil((options.rate * OPEN_LOOP_USERS_PER_CONCURRENT_CALL) / 10));
  const load = Promise.all(Array.from({ length: users }, (_, user) => runUser(user, options, next, recorder)));
  if (options.sampling) {
    // One load for the whole run, looked at window by window: restarting it would sign every user in again at once.
    const { everySeconds, onWindow } = options.sampling;
    for (let at = start + warmUpMs + everySeconds * 1000; issued < total; at += everySeconds * 1000) {
      await sleep(Math.max(0, at - performance.now()));
      await onWindow(recorder.window());
    }
  }
  await load;
  return recorder.result((performance.now() - start - warmUpMs) / 1000);
}

/** Runs one user's sessions until `next` says the load is over; a failed call starts the user's session again. */
async function runUser(
  user: number,
  { baseUrl, session }: LoadOptions,
  next: () => Promise<number | undefined>,
  recorder: Recorder,
): Promise<void> {
  let calls = session(user);
  let answer: unknown;
  for (;;) {
    const due = await next();
    if (due === undefined) return;
    const step = await calls.next(answer);
    if (step.done) return;
    const call = step.value;
    const response = await send(baseUrl, call).catch((error: unknown) => ({ status: 0, body: String(error) }));
    recorder.record(call.name, due, performance.now() - due);
    if (response.status >= 200 && response.status < 300) {
      answer = response.body === '' ? undefined : JSON.parse(response.body);
    } else {
      recorder.error(due, `${call.name}: ${response.status} ${response.body.slice(0, 200)}`);
      calls = session(user);
      answer = undefined;
    }
  }
}

async function send(baseUrl: string, call: Call): Promise<{ status: number; body: string }> {
  const headers: Record<string, string> = {};
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  if (call.dashToken) headers['dash-authorization'] = `Bearer ${call.dashToken}`;
  let body: string | undefined;
  if (call.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(call.form).toString();
  } else if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  }
  const response = await fetch(`${baseUrl}${call.path}`, { method: call.method, headers, body });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('json') ?? false;
  return { status: response.status, body: json ? text : '' };
}

class Recorder {
  /** Calls due before this time (the warm-up) are not recorded. */
  constructor(private readonly from = 0) {}

  readonly #calls = new Map<string, number[]>();
  #count = 0;
  #windowStart = new Map<string, number>();
  #windowErrors = 0;
  errors = 0;
  late = 0;
  readonly errorSamples: string[] = [];

  record(name: string, due: number, milliseconds: number): void {
    const latencies = this.#calls.get(name) ?? [];
    // Named even while warming up, so the calls are listed in the order a session makes them.
    this.#calls.set(name, latencies);
    if (due < this.from) return;
    latencies.push(milliseconds);
    this.#calls.set(name, latencies);
    this.#count++;
  }

  error(due: number, sample: string): void {
    if (due < this.from) return;
    this.errors++;
    if (this.errorSamples.length < 20) this.errorSamples.push(sample);
  }

  /** The calls and errors recorded since the last window. */
  window(): Window {
    const calls = [...this.#calls].map(([name, latencies]) => {
      const from = this.#windowStart.get(name) ?? 0;
      this.#windowStart.set(name, latencies.length);
      return { name, latencies: latencies.slice(from) };
    });
    const errors = this.errors - this.#windowErrors;
    this.#windowErrors = this.errors;
    return { calls, errors };
  }

  result(seconds: number): LoadResult {
    return {
      rps: Math.round(this.#count / seconds),
      calls: [...this.#calls]
        .filter(([, latencies]) => latencies.length > 0)
        .map(([name, latencies]) => ({ name, latencies })),
      errors: this.errors,
      late: this.late,
      errorSamples: this.errorSamples,
    };
  }
}

/** Count and p50/p95/p99 in milliseconds (one decimal) per call, in the order the calls first appeared. */
export function summarise(calls: CallStats[]) {
  return calls.map(({ name, latencies }) => {
    const sorted = [...latencies].sort((a, b) => a - b);
    const at = (p: number) =>
      Math.round((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0) * 10) / 10;
    return { call: name, count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
  });
}

/** The least-squares slope of y over x. */
export function slope(x: number[], y: number[]): number {
  const n = x.length;
  if (n < 2) return 0;
  const meanX = x.reduce((a, b) => a + b, 0) / n;
  const meanY = y.reduce((a, b) => a + b, 0) / n;
  let numerator = 0;
  let denominator = 0;
  for (let i = 0; i < n; i++) {
    numerator += ((x[i] ?? 0) - meanX) * ((y[i] ?? 0) - meanY);
    denominator += ((x[i] ?? 0) - meanX) ** 2;
  }
  return denominator === 0 ? 0 : numerator / denominator;
}
