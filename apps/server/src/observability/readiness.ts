/*
 * What /ready asks before it says this instance may take traffic: each dependency the app registered (the database,
 * the carrier worker, and whatever else a deployment adds, such as Redis) is checked at once, each within a time
 * limit, since a probe must answer even when a dependency hangs rather than fails.
 */

/**
 * One dependency: `check` resolves when it is usable and throws (saying why) when not. One that is not `required`
 * is reported and logged when down, but the instance stays ready: it works without it (Redis, decision 0196), and
 * taking every instance out of the load balancer for it would turn a degraded service into an outage.
 */
export type ReadinessCheck = { name: string; check: () => Promise<void>; required?: boolean };

export type DependencyStatus = { name: string; status: 'up' | 'down' };

export type ReadinessReport = {
  ready: boolean;
  dependencies: DependencyStatus[];
  /** Why each dependency that is down is, for the log (not the answer: an error may name hosts). */
  failures: Array<{ name: string; error: unknown }>;
};

export class Readiness {
  readonly #checks: ReadinessCheck[] = [];

  constructor(private readonly timeoutMs: number) {}

  register(check: ReadinessCheck): void {
    if (this.#checks.some((known) => known.name === check.name)) throw new Error(`${check.name} is checked already`);
    this.#checks.push(check);
  }

  async report(): Promise<ReadinessReport> {
    const results = await Promise.allSettled(
      this.#checks.map((entry) => withTimeout(entry.check(), this.timeoutMs, entry.name)),
    );
    const dependencies: DependencyStatus[] = [];
    const failures: ReadinessReport['failures'] = [];
    let ready = true;
    results.forEach((result, index) => {
      const entry = this.#checks[index];
      const name = entry?.name ?? 'unknown';
      dependencies.push({ name, status: result.status === 'fulfilled' ? 'up' : 'down' });
      if (result.status === 'rejected') {
        failures.push({ name, error: result.reason });
        if (entry?.required !== false) ready = false;
      }
    });
    return { ready, dependencies, failures };
  }
}

async function withTimeout<T>(work: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} check timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
