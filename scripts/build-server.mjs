// Bundles the API server (and the contracts it imports) into api/dist/server.mjs when its sources
// are newer than the last bundle. `npm start` runs that file with plain Node: loading ~100
// TypeScript modules through tsx's loader hooks took most of a warm restart.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { newestModification, root } from './build-web.mjs';

export const serverBundle = join(root, 'api', 'dist', 'server.mjs');
const sources = ['api/src', 'api/package.json', 'contracts/src', 'contracts/package.json'];

/** Bare imports stay packages loaded from node_modules; the shop's own workspaces are bundled. */
const keepPackagesExternal = {
  name: 'keep-packages-external',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@threadline/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServerIfStale() {
  const builtAt = existsSync(serverBundle) ? statSync(serverBundle).mtimeMs : 0;
  const sourcesChangedAt = Math.max(...sources.map((source) => newestModification(join(root, source))));
  if (sourcesChangedAt <= builtAt) return;
  await build({
    entryPoints: [join(root, 'api', 'src', 'server.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [keepPackagesExternal],
    logLevel: 'warning',
  });
}
