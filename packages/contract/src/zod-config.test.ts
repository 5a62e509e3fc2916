import { describe, expect, it, vi } from 'vitest';

describe('zod-config', () => {
  it('writes where zod reads its configuration, so jitless reaches every schema in the browser', async () => {
    const previous = globalThis.__zod_globalConfig;
    try {
      const written = { jitless: true };
      globalThis.__zod_globalConfig = written;
      vi.resetModules();
      const { z } = await import('zod');
      expect(z.config()).toBe(written);
      expect(z.config().jitless).toBe(true);
    } finally {
      globalThis.__zod_globalConfig = previous;
      vi.resetModules();
    }
  });
});
