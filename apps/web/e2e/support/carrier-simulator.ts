import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { carrierSimEntry, repoRoot } from './paths';
import { findFreePort } from './portal-server';

/** Short enough to see a change complete within a test, long enough to see it pending first. */
export const E2E_SIM_COMPLETION_MS = 1_500;
const READY_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;

export interface RunningCarrierSimulator {
  /** e.g. `http://127.0.0.1:43571`: the portal servers' CARRIER_SIM_URL. */
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Runs the built carrier simulator (`node apps/carrier-sim/dist/main.js`) as the run's one simulator on a free
 * port, with no base latency and a short completion delay. Every test file's portal server talks to it.
 */
export async function startCarrierSimulator(): Promise<RunningCarrierSimulator> {
  if (!existsSync(carrierSimEntry)) {
    throw new Error(
      `${path.relative(repoRoot, carrierSimEntry)} is missing; build it first with \`npm run build -w @portal/carrier-sim\``,
    );
  }
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [carrierSimEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      SIM_HOST: '127.0.0.1',
      SIM_PORT: String(port),
      SIM_LATENCY_MS: '0',
      SIM_COMPLETION_MS: String(E2E_SIM_COMPLETION_MS),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-16_000);
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    if ((await Promise.race([exited, delay(STOP_GRACE_MS, 'late')])) === 'late') child.kill('SIGKILL');
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const healthy = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The carrier simulator did not start on ${url}\n${output}`);
    }
    await delay(100);
  }
}
