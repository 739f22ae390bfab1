import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The pages that validate a form with a contract schema, and so may load zod. */
const pagesThatValidate = new Set([
  'src/features/content/pages/contact-page.tsx',
  'src/features/admin/people/pages/promotion-edit-page.tsx',
  'src/features/admin/settings/pages/settings-page.tsx',
]);

/** Fails the build when a page that validates no form would load zod with its first chunks. */
function zodOnlyWhereFormsValidate(): Plugin {
  return {
    name: 'zod-only-where-forms-validate',
    apply: 'build',
    // The server build is one chunk holding everything; it loads nothing over the network.
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])));
      const loadsZod = (fileName: string, seen: Set<string>): boolean => {
        const chunk = chunks.get(fileName);
        if (!chunk || seen.has(fileName)) return false;
        seen.add(fileName);
        return (
          chunk.moduleIds.some((id) => id.includes('/node_modules/zod/')) || chunk.imports.some((imported) => loadsZod(imported, seen))
        );
      };
      for (const chunk of chunks.values()) {
        const page = chunk.facadeModuleId ? relative(webRoot, chunk.facadeModuleId) : chunk.name;
        if ((chunk.isEntry || chunk.isDynamicEntry) && !pagesThatValidate.has(page) && loadsZod(chunk.fileName, new Set())) {
          this.error(`${page} loads zod: import contract constants from a schema-free module, or list the page in pagesThatValidate`);
        }
      }
    },
  };
}

const webRoot = fileURLToPath(new URL('.', import.meta.url));
/** The chunks every page loads before any of its code runs: the entry, the shared core and the bundler's runtime. */
const alwaysLoaded = /(^|\/)(index|shop-core|rolldown-runtime)-[\w-]+\.js$/;
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), zodOnlyWhereFormsValidate()],
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
    // Every browser the shop supports preloads modules itself (`<link rel="modulepreload">`). A lazily
    // loaded chunk's own imports are preloaded with it, but not the entry and the shared core, which
    // any code that can ask for a chunk has loaded already: the list of each chunk's imports, in the
    // entry, is shorter by them.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_chunk, dependencies) => dependencies.filter((file) => !alwaysLoaded.test(file)),
    },
    // No name-based purity rule (`treeshake.manualPureFunctions`): it matches every function of that
    // name in every dependency, minified libraries included.
    // zod (~23 KB gzip) stays out of the pages that validate nothing because the contracts keep their
    // constants in schema-free modules (`*-rules.ts`); `zodOnlyWhereFormsValidate` holds to that.
    rolldownOptions: {
      // One chunk for what every storefront page runs (React and react-dom, the router, the query cache, the icon
      // base, the product card and its parts, the query keys the auth state clears) instead of about a
      // dozen small ones: a phone on HTTP/1.1 opens six connections to the shop, and each further
      // request waits its turn. (The keys would otherwise be a 145-byte chunk of their own: the cart's
      // shared chunk and the entry both import them; so would the cart cache's helpers, the random
      // key and the cart's rules, which the entry and the pending cart's replay both import.)
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'shop-core',
              test: /node_modules\/((react|react-dom|scheduler|react-router)\/|@tanstack|lucide-react\/dist\/esm\/(?!icons))|\/src\/components\/(product\/|ui\/(badge|skeleton))|\/src\/lib\/(queries\/(query-keys|cart-cache)|random-key)|\/contracts\/src\/cart-rules/,
            },
          ],
        },
      },
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
