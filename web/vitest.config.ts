import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const esModule = (path: string) => fileURLToPath(import.meta.resolve(path));

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      // Vitest's default is a worker fewer than the cores, which on two cores is one: the other core
      // sat idle. Each file still runs in a fresh worker (a page that hydrates counts on a fresh document).
      maxWorkers: 2,
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['@testing-library/jest-dom/vitest', './src/test/setup.ts'],
      restoreMocks: true,
      // A test that hydrates a whole page takes about 1 s alone and 5 s on a machine busy with other
      // work; the default 5 s limit then fails tests that are only slow.
      testTimeout: 15_000,
      unstubGlobals: true,
      // Node would load React Router's CommonJS build for some importers and its ES module build for
      // others: two routers, two contexts. Every importer gets the ES module build, bundled by vitest.
      server: { deps: { inline: ['react-router'] } },
      alias: [
        { find: /^react-router$/, replacement: esModule('react-router') },
        { find: /^react-router\/dom$/, replacement: esModule('react-router/dom') },
      ],
    },
  }),
);
