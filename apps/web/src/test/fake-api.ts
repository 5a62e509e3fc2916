import { type SetupServer, setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

/**
 * A fake API for one test file: it listens for the file's tests, an unanswered request fails the test, and each
 * test's handlers and spies are gone before the next (with `afterEachTest` for what else a test may leave behind).
 */
export function startFakeApi(afterEachTest?: () => void): SetupServer {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    vi.restoreAllMocks();
    afterEachTest?.();
  });
  afterAll(() => server.close());
  return server;
}
