import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestBrowserFilesFirst } from './apps/web/e2e/support/longest-first.ts';

// One runner for the whole suite; `--project` picks the layers (see the root package.json scripts).
export default defineConfig({
  test: {
    // Vitest's default leaves one core free, which is one worker on a 2-core CI machine; the test files are
    // independent (each has its own database, server and browser), so every core runs one.
    maxWorkers: Math.max(2, availableParallelism()),
    // Browser files by their recorded durations, longest first, so that no long file starts last (decision 0181).
    sequence: { sequencer: LongestBrowserFilesFirst },
    projects: [
      // The repository's own checks (scripts/dependencies: the production tree and the advisory database).
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.ts'] } },
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Migrates and loads the demo data once per run into templates each test file copies (decision 0040).
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file has its own database and app (useTestApp), so files need no fresh module graph: importing the
          // server's modules once per worker, not once per file, took a quarter off the unit and API run (decision 0176).
          isolate: false,
          pool: 'threads',
        },
      },
      { test: { name: 'carrier-sim', root: 'apps/carrier-sim', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          passWithNoTests: true,
          // A jsdom test typing with userEvent takes seconds on a loaded 2-core machine; 5 s made them flaky.
          testTimeout: 30_000,
          // Component tests (*.test.tsx) opt into jsdom with a `// @vitest-environment jsdom` comment; this file
          // adds DOM cleanup there and does nothing in the node environment.
          setupFiles: ['src/test/setup-dom.ts'],
          // Threads start and import faster than forked processes: 131 s became 91 s (decision 0176). The files stay
          // isolated: the components' module state (query caches, the fake API) is per file.
          pool: 'threads',
          // Pages live at http://localhost/, so API calls resolve to http://localhost/api/... (msw handlers say so).
          environmentOptions: { jsdom: { url: 'http://localhost/' } },
        },
      },
      {
        test: {
          name: 'browser',
          root: 'apps/web',
          include: ['e2e/**/*.e2e.test.ts'],
          // The built server loads the demo data once per run; each test file's server starts on a copy.
          globalSetup: ['e2e/support/global-setup.ts'],
          // A bound for a hung test, not a speed target: tests wait for states, and on a loaded 2-core machine a test
          // that signs up a user by e-mail has taken 46 s.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A page under a loaded CI machine may take seconds to draw; expect.poll's own 1 s made tests flaky.
          expect: { poll: { timeout: 15_000 } },
          // A browser file's worker waits on its server, its carriers and Chromium: one worker more than the cores
          // keeps them busy (2-core machine: 473 s with two, 408 s with three; decision 0178). A group of its own,
          // as Vitest asks of a project with a worker count of its own.
          maxWorkers: availableParallelism() + 1,
          sequence: { groupOrder: 1 },
          // Each file's server, browser and database are made in its hooks; its modules hold nothing else, so files
          // share their worker's imported modules (372 s became 352 s; decision 0182).
          isolate: false,
          pool: 'threads',
        },
      },
    ],
  },
});
