// Builds the web app when its sources are newer than the last build (used by `npm start` and the
// browser tests, which both serve the production build).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = join(root, 'web', 'dist', '.build-stamp');
const sources = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/vite.server.config.ts',
  'web/package.json',
  'contracts/src',
];

/** The newest modification time of a file, or of anything under a directory. */
export function newestModification(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestModification(join(path, entry))), stat.mtimeMs);
}

export function buildWebIfStale() {
  const builtAt = existsSync(stampFile) ? statSync(stampFile).mtimeMs : 0;
  const sourcesChangedAt = Math.max(...sources.map((source) => newestModification(join(root, source))));
  if (sourcesChangedAt <= builtAt) return;
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@threadline/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stampFile, new Date().toISOString());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWebIfStale();
