import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const esModule = (path: string) => fileURLToPath(import.meta.resolve(path));

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['@testing-library/jest-dom/vitest', './src/test/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      // The app runs on Preact (docs/decisions/). These libraries import 'react', so vitest bundles
      // them, from their ES module builds, for Preact's alias to reach their imports too; Node
      // would load their CommonJS builds, and React itself, on its own.
      server: { deps: { inline: ['react-router', '@tanstack/react-query', '@testing-library/react', 'lucide-react'] } },
      alias: [
        { find: /^@testing-library\/react$/, replacement: esModule('@testing-library/react/dist/@testing-library/react.esm.js') },
        { find: /^lucide-react$/, replacement: esModule('lucide-react/dist/esm/lucide-react.mjs') },
        { find: /^react-router$/, replacement: esModule('react-router') },
        { find: /^react-router\/dom$/, replacement: esModule('react-router/dom') },
      ],
    },
  }),
);
