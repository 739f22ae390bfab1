// A baseline for a bench that measures the working tree beside the shop as it was at a git ref, in
// the same run: the ref's files in a temporary folder with the working tree's packages, ready to
// build (first-load.ts) or to start as a whole shop (lighthouse.ts).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The working tree's root. */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const workspaces = ['api', 'web', 'bench', 'contracts', 'e2e'];

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 }).trim();
}

/** `ref` as a full commit, with its short form and subject for the printed figures. */
export function describeCommit(ref: string): { commit: string; label: string } {
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  return { commit, label: git('log', '-1', '--format=%h %s', commit) };
}

export function hasUncommittedChanges(): boolean {
  return git('status', '--porcelain') !== '';
}

/**
 * The commit before the change being measured: where this branch left main when it has commits of
 * its own, else HEAD when the tree holds uncommitted changes (they are the change), else the
 * commit before HEAD (the last commit is the change).
 */
export function defaultBaselineRef(): { ref: string; reason: string } {
  const head = git('rev-parse', 'HEAD');
  const hasMain = git('branch', '--list', 'main') !== '';
  if (hasMain) {
    const mergeBase = git('merge-base', 'HEAD', 'main');
    if (mergeBase !== head) return { ref: mergeBase, reason: 'where this branch left main' };
  }
  if (hasUncommittedChanges()) return { ref: 'HEAD', reason: 'HEAD: the working tree has uncommitted changes' };
  return { ref: 'HEAD~1', reason: 'HEAD~1: the commit before the last one' };
}

export interface BaselineCheckout {
  /** The folder holding the ref's files: the root of a shop like the working tree's. */
  dir: string;
  remove(): void;
}

/** Whether the baseline in `dir` locks the same packages as the working tree. */
function samePackages(dir: string): boolean {
  const lock = (folder: string) =>
    existsSync(join(folder, 'package-lock.json')) ? readFileSync(join(folder, 'package-lock.json'), 'utf8') : '';
  return lock(dir) === lock(root);
}

/**
 * Writes the files of `commit` into a temporary folder and gives it the working tree's packages.
 * `git archive` rather than `git worktree add`: the repository is shared with other checkouts, and
 * an interrupted run then leaves a folder in the temp dir, not a worktree registered in it.
 */
export function checkOutBaseline(commit: string, name: string): BaselineCheckout {
  const dir = mkdtempSync(join(tmpdir(), `threadline-${name}-`));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    execFileSync('tar', ['-x', '-C', dir], {
      input: execFileSync('git', ['archive', commit], { cwd: root, maxBuffer: 1024 * 1024 * 1024 }),
    });
    if (samePackages(dir)) {
      // Hard-linked copies, not symlinks: the workspace links inside (@threadline/contracts, …) are
      // relative, so they must resolve to the baseline's own packages. The temp dir must therefore be
      // on the working tree's file system.
      for (const folder of ['.', ...workspaces]) {
        const modules = join(root, folder, 'node_modules');
        if (existsSync(modules) && existsSync(join(dir, folder))) execFileSync('cp', ['-al', modules, join(dir, folder, 'node_modules')]);
      }
    } else {
      // A baseline on other packages (the storefront on Preact before issue 29) gets its own, from
      // its lock file and npm's cache where it can. Install scripts do not run: the working tree's
      // compiled SQLite driver is lent to it when the versions match.
      execFileSync('npm', ['ci', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
        cwd: dir,
        stdio: 'inherit',
      });
      const driver = (folder: string) => join(folder, 'node_modules', 'better-sqlite3');
      const version = (folder: string) =>
        existsSync(join(driver(folder), 'package.json'))
          ? readFileSync(join(driver(folder), 'package.json'), 'utf8').match(/"version":\s*"([^"]+)"/)?.[1]
          : undefined;
      if (existsSync(join(driver(root), 'build')) && !existsSync(join(driver(dir), 'build')) && version(root) === version(dir)) {
        execFileSync('cp', ['-al', join(driver(root), 'build'), join(driver(dir), 'build')]);
      }
    }
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

/** The browser build of the web app in `webDir` (its dist/ and manifest), without the server build. */
export function buildWebClient(webDir: string): void {
  execFileSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'error'], {
    cwd: webDir,
    stdio: 'inherit',
  });
}

/**
 * The web app of the shop at `rootDir` built as `npm start` builds it (browser and server renders),
 * if its sources changed; the build's own output (the bundler's warnings) is shown only when it fails,
 * so that a bench prints its figures, not two builds' logs.
 */
export function buildShopWebApp(rootDir: string): void {
  const build = spawnSync(process.execPath, ['scripts/build-web.mjs'], { cwd: rootDir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (build.status === 0) return;
  process.stderr.write(build.stdout + build.stderr);
  throw new Error(`the web app in ${rootDir} did not build`);
}
