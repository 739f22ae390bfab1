import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sessionHeaders, type StaffRole } from '@threadline/contracts';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestShop {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  /** Builds the app's routes; call after adding any test-only routes. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface TestShopOptions {
  seed?: boolean;
  environment?: Record<string, string>;
  /** Files of the built web app to write over the tiny default one, by path inside it. */
  webFiles?: Record<string, string>;
}

/** The real app on a fresh database (SQLite, or PostgreSQL with TEST_DATABASE_URL), with a tiny built web app. */
export async function createTestShop({ seed = true, environment = {}, webFiles = {} }: TestShopOptions = {}): Promise<TestShop> {
  const directory = mkdtempSync(join(tmpdir(), 'threadline-shop-'));
  const webDistDir = join(directory, 'web');
  mkdirSync(join(webDistDir, 'assets'), { recursive: true });
  writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>Threadline</title><div id="root"></div>');
  writeFileSync(join(webDistDir, 'assets', 'app-3f2a1b.js'), 'console.log("threadline")');
  for (const [path, text] of Object.entries(webFiles)) {
    mkdirSync(dirname(join(webDistDir, path)), { recursive: true });
    writeFileSync(join(webDistDir, path), text);
  }
  // A shop that keeps its media in a bucket must not be given a directory as well.
  const mediaDir = environment.MEDIA_STORE === 's3' ? {} : { MEDIA_DIR: join(directory, 'media') };

  const database = await createTestDatabase(seed ? 'seeded' : 'migrated');

  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: directory,
    DATABASE_URL: database.url,
    // The same database past the pooler, in the pooler set (vitest.pgbouncer.config.ts).
    ...(database.directUrl === database.url ? {} : { DATABASE_DIRECT_URL: database.directUrl }),
    ...mediaDir,
    WEB_DIST_DIR: webDistDir,
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    // Tests pay through the built-in test card provider, also on an https PUBLIC_URL.
    ALLOW_TEST_PAYMENTS: 'true',
    ...environment,
  });
  const app = await buildApp({ config, database: database.handle });
  return {
    app,
    config,
    database,
    ready: async () => {
      await app.ready();
    },
    async close() {
      await app.close();
      await database.drop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The directory of a shop whose media are on disk (the test shops' default), for tests that look at the files. */
export function mediaDirectoryOf(shop: TestShop): string {
  const { store } = shop.config.media;
  if (store.kind !== 'disk') throw new Error('this shop keeps its media in a bucket');
  return store.directory;
}

export interface ShopperSession {
  sessionKey: string;
  csrfToken: string;
  /** Headers a page sends on a state-changing call. */
  headers: Record<string, string>;
}

/** What the browser does first: GET /api/csrf/ for a session key and a CSRF cookie. */
export async function startSession(app: FastifyInstance): Promise<ShopperSession> {
  const response = await app.inject({ method: 'GET', url: '/api/csrf/' });
  const sessionKey = String(response.headers[sessionHeaders.sessionKey.toLowerCase()]);
  const cookie = response.cookies.find((entry) => entry.name === sessionHeaders.csrfCookie);
  if (!cookie) throw new Error('GET /api/csrf/ set no csrftoken cookie');
  return {
    sessionKey,
    csrfToken: cookie.value,
    headers: {
      [sessionHeaders.sessionKey]: sessionKey,
      [sessionHeaders.csrfToken]: cookie.value,
      cookie: `${sessionHeaders.csrfCookie}=${cookie.value}`,
    },
  };
}

export interface SignedInShopper extends ShopperSession {
  token: string;
  refresh: string;
  userId: number;
}

/** Registers a customer through the API from a fresh guest session and returns its headers. */
export async function signUp(
  app: FastifyInstance,
  values: { email: string; password?: string; first_name?: string; last_name?: string },
  session?: ShopperSession,
): Promise<SignedInShopper> {
  const guest = session ?? (await startSession(app));
  const password = values.password ?? 'island-breeze-42';
  const response = await app.inject({
    method: 'POST',
    url: '/api/users/auth/register/',
    headers: guest.headers,
    payload: {
      first_name: values.first_name ?? 'Ayesha',
      last_name: values.last_name ?? 'Campbell',
      email: values.email,
      password1: password,
      password2: password,
    },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  const body = response.json();
  return {
    ...guest,
    token: body.token,
    refresh: body.refresh,
    userId: body.user.id,
    headers: { ...guest.headers, authorization: `Bearer ${body.token}` },
  };
}

/**
 * A member of staff (or the owner), signed in through the storefront's sign-in like any account.
 * The role is given in the database, as `npm run admin:create` gives it.
 */
export async function signInStaff(
  shop: TestShop,
  role: StaffRole = 'staff',
  email = `${role}-${randomUUID()}@threadline.test`,
): Promise<SignedInShopper> {
  const account = await signUp(shop.app, { email, first_name: 'Marcia', last_name: 'Reid' });
  await shop.database.handle.db.updateTable('users').set({ role }).where('id', '=', account.userId).execute();
  return account;
}
