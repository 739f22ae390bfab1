import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [preact(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The API caches everything under /assets/ for a year, so every file there must be content-hashed.
    assetsDir: 'assets',
    // The server reads which chunks each page needs from here, to preload them with the page's HTML.
    manifest: true,
    // The contracts package defines its zod schemas beside the constants and helpers the web app
    // uses. Marking zod's builders (and `moneySchema.nullable()`, the one chain on a schema of its
    // own in the modules pages import from) pure lets unused schemas drop out, and zod with them
    // (~23 KB gzip) wherever no form validates with it.
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['z', 'moneySchema'] },
      // One chunk for what every storefront page runs (Preact, the router, the query cache, the icon
      // base, the product card and its parts) instead of about a dozen small ones: a phone on
      // HTTP/1.1 opens six connections to the shop, and each further request waits its turn.
      output: { codeSplitting: { groups: [{ name: 'shop-core', test: /node_modules\/(preact|react-router|@tanstack|lucide-react\/dist\/esm\/(?!icons))|\/src\/components\/(product\/|ui\/(badge|skeleton))/ }] } },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/static': { target: apiTarget, changeOrigin: false },
    },
  },
});
