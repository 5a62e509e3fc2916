import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The API server the dev server forwards to (apps/server in dev mode listens on 3000).
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  // Pre-compressed copies (.gz, .br) next to each asset: the server sends them to browsers that accept them
  // (@fastify/static preCompressed), so nothing is compressed per request.
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'], exclude: [/\.map$/] })],
  // Assets are served from the root for now. At run time the app takes its own base path from the page's
  // `<base href>` (router basename and API client), so only this value changes when the portal moves under a path.
  base: '/',
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/health': { target: apiTarget, changeOrigin: true },
      '/ready': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
    strictPort: true,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    target: 'es2023',
    // Every browser the target admits supports <link rel="modulepreload">: the polyfill would only cost the first page.
    modulePreload: { polyfill: false },
    // One stylesheet for the whole app (only the plain first screen has CSS files; MUI's screens style through
    // Emotion): the build inlines it into the pre-rendered HTML (scripts/prerender.ts, docs/decisions/0191).
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Everything index.html loads up front goes in one chunk: split into a dozen small shared chunks it gzips
        // about 6 kB worse (docs/decisions/0043-one-chunk-for-the-first-load.md). Screens stay lazy chunks.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
        // The entry lists every lazy chunk's file for preloading, so a chunk's name is paid for by the sign-in page:
        // the hash alone names it (the source maps say what is in it).
        chunkFileNames: 'assets/[hash].js',
      },
    },
  },
});
