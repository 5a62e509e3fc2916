import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  target: 'node24',
  platform: 'node',
  outDir: 'dist',
  // The contract package ships TypeScript source, so it is compiled in; real packages (pglite with its wasm and
  // data files, argon2's native binding) stay in node_modules, which is where they find their files.
  noExternal: ['@portal/contract'],
  // A development dependency, loaded only by the demo-data generator's own chunk when an empty database is to be
  // seeded: bundled, it would ship in every production build (decision 0201).
  external: ['@faker-js/faker'],
  sourcemap: true,
  clean: true,
});
