import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  target: 'node24',
  platform: 'node',
  outDir: 'dist',
  // The contract package ships TypeScript source (the carrier registry the simulators are named from), so it is
  // compiled in.
  noExternal: ['@portal/contract'],
  sourcemap: true,
  clean: true,
});
