import { defineConfig, mergeConfig } from 'vite';
import viteConfig from './vite.config.ts';

/**
 * The server build of the storefront (`src/entry-server.tsx`), which the API process imports to
 * render the catalogue pages. Every library is bundled, so Preact's stand-in for React reaches the
 * router and the query cache here as in the browser build. It lives in `dist/.ssr`, which the shop
 * never serves (it serves no dot-folders).
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    ssr: { noExternal: true },
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: 'dist/.ssr',
      emptyOutDir: false,
      manifest: false,
      copyPublicDir: false,
      rolldownOptions: { output: { codeSplitting: false } },
    },
  }),
);
