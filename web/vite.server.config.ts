import { defineConfig, mergeConfig } from 'vite';
import viteConfig from './vite.config.ts';

/**
 * The server build of the storefront (`src/entry-server.tsx`), which the API process imports to
 * render the catalogue pages. Every library is bundled, React's production builds among them (its
 * packages choose their build by `process.env.NODE_ENV`, fixed here at build time). It lives in
 * `dist/.ssr`, which the shop never serves (it serves no dot-folders).
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    ssr: { noExternal: true },
    define: { 'process.env.NODE_ENV': '"production"' },
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
