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
  sourcemap: true,
  clean: true,
});
