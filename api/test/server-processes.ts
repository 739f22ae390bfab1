import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sessionHeaders } from '@threadline/contracts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

const serverEntry = resolve(dirname(fileURLToPath(import.meta.url)), '../src/server.ts');

export interface ServerProcesses {
  /** Base URLs (`http://127.0.0.1:port`) of the running processes, in start order. */
  urls: string[];
  database: TestDatabase;
  /** Stops one process (by start order) with a signal and waits until it has exited. */
  stop(index: number, signal?: NodeJS.Signals): Promise<void>;
  close(): Promise<void>;
}

function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill(signal);
  });
}

/** A port nothing listens on now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // Starting compiles the server with tsx: on a busy two-core machine that alone can take half a minute.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server at ${url} exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health/`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`server at ${url} did not answer /api/health/ within 90 s:\n${output()}`);
}

/**
 * Several real server processes (`api/src/server.ts`) sharing one fresh database: PostgreSQL when
 * TEST_DATABASE_URL names one, else one SQLite file. Races that a single connection would serialise
 * are fired at them over real HTTP.
 */
export async function startServerProcesses(
  count = 2,
  environment: Record<string, string> = {},
  { webFiles = {}, onlyFirst = {} }: { webFiles?: Record<string, string>; onlyFirst?: Record<string, string> } = {},
): Promise<ServerProcesses> {
  const directory = mkdtempSync(join(tmpdir(), 'threadline-processes-'));
  const webDistDir = join(directory, 'web');
  mkdirSync(join(webDistDir, 'assets'), { recursive: true });
  writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>Threadline</title><div id="root"></div>');
  // Files of the built web app over the tiny default one, by path inside it (e.g. a server renderer).
  for (const [path, text] of Object.entries(webFiles)) {
    mkdirSync(dirname(join(webDistDir, path)), { recursive: true });
    writeFileSync(join(webDistDir, path), text);
  }
  const mediaDir = join(directory, 'media');
  mkdirSync(mediaDir);

  const database = await createTestDatabase('seeded');

  const children: ChildProcess[] = [];
  const urls: string[] = [];
  try {
    await Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const port = await freePort();
        const url = `http://127.0.0.1:${port}`;
        let output = '';
        const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
          env: {
            ...process.env,
            NODE_ENV: 'test',
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: directory,
            DATABASE_URL: database.url,
            // The same database past the pooler, in the pooler set (vitest.pgbouncer.config.ts).
            ...(database.directUrl === database.url ? {} : { DATABASE_DIRECT_URL: database.directUrl }),
            MEDIA_DIR: mediaDir,
            WEB_DIST_DIR: webDistDir,
            SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
            SEED_DEMO_CATALOGUE: 'false',
            LOG_LEVEL: 'warn',
            // Nothing routes to these processes by readiness unless a test says so: stop at once.
            SHUTDOWN_DRAIN_SECONDS: '0',
            ...environment,
            ...(index === 0 ? onlyFirst : {}),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
        children[index] = child;
        await waitForHealth(url, child, () => output);
        urls[index] = url;
      }),
    );
  } catch (error) {
    for (const child of children) child?.kill('SIGKILL');
    await database.drop();
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }

  return {
    urls,
    database,
    stop: (index, signal = 'SIGTERM') => {
      const child = children[index];
      if (!child) throw new Error(`no server process ${index}`);
      return stopProcess(child, signal);
    },
    async close() {
      await Promise.all(children.map((child) => stopProcess(child, 'SIGTERM')));
      await database.drop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export interface HttpShopper {
  sessionKey: string;
  /** Headers a page sends on a state-changing call (add `authorization` once signed in). */
  headers: Record<string, string>;
}

/** What the browser does first, over real HTTP: GET /api/csrf/ for a session key and a CSRF cookie. */
export async function startHttpSession(baseUrl: string): Promise<HttpShopper> {
  const response = await fetch(`${baseUrl}/api/csrf/`);
  const sessionKey = response.headers.get(sessionHeaders.sessionKey) ?? '';
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${sessionHeaders.csrfCookie}=`));
  if (!sessionKey || !cookie) throw new Error(`GET /api/csrf/ at ${baseUrl} started no session`);
  const csrfToken = cookie.slice(sessionHeaders.csrfCookie.length + 1);
  return {
    sessionKey,
    headers: {
      [sessionHeaders.sessionKey]: sessionKey,
      [sessionHeaders.csrfToken]: csrfToken,
      cookie,
      'content-type': 'application/json',
    },
  };
}

/** One JSON call over HTTP; answers the status and the parsed body. */
export async function callJson(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'content-type')) : headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { raw: text };
  }
  return { status: response.status, body: parsed };
}
