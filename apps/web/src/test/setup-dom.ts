import { afterEach } from 'vitest';

// Shared by every web test file. Node-environment tests (`*.test.ts`) have no DOM, so this does nothing there;
// component tests opt into jsdom with `// @vitest-environment jsdom` and get React Testing Library's cleanup after
// each test (Vitest runs without globals, so RTL cannot register it by itself).
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
  });
}
