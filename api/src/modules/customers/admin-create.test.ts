import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, signUp, startSession, type TestShop } from '../../../test/helper.ts';

const run = promisify(execFile);
const apiRoot = join(import.meta.dirname, '..', '..', '..');

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  await shop.ready();
});
afterAll(() => shop.close());

/** `npm run admin:create -- …` as the owner types it, against the test shop's database. */
async function adminCreate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', ['--import', 'tsx', 'src/modules/customers/admin-create-cli.ts', ...args], {
      cwd: apiRoot,
      env: { ...process.env, DATABASE_URL: shop.config.databaseUrl, DATA_DIR: shop.config.dataDir, SECRET_KEY: shop.config.secretKey },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const roleOf = async (email: string) =>
  (await shop.database.handle.db.selectFrom('users').select('role').where('email_normalized', '=', email).executeTakeFirst())?.role;

describe('npm run admin:create', { timeout: 60_000 }, () => {
  it('creates an owner who can sign in to the back office', async () => {
    const result = await adminCreate('--email', 'first-owner@threadline.test', '--password', 'harbour-view-99', '--role', 'owner');
    expect(result).toMatchObject({ code: 0, stdout: expect.stringContaining('Created first-owner@threadline.test (owner)') });
    expect(await roleOf('first-owner@threadline.test')).toBe('owner');
    const session = await startSession(shop.app);
    const login = await shop.app.inject({
      method: 'POST',
      url: '/api/users/auth/login/',
      headers: session.headers,
      payload: { email: 'first-owner@threadline.test', password: 'harbour-view-99' },
    });
    const me = await shop.app.inject({
      method: 'GET',
      url: '/api/admin/me/',
      headers: { ...session.headers, authorization: `Bearer ${login.json().token}` },
    });
    expect(me.json()).toMatchObject({ email: 'first-owner@threadline.test', role: 'owner' });
  });

  it('gives an existing account the role (staff by default), its password unchanged', async () => {
    await signUp(shop.app, { email: 'shopper-promoted@threadline.test', password: 'her-own-password' });
    const result = await adminCreate('--email', 'Shopper-Promoted@threadline.test', '--password', 'ignored-password');
    expect(result).toMatchObject({ code: 0, stdout: expect.stringContaining('it is now staff, with its password unchanged') });
    expect(await roleOf('shopper-promoted@threadline.test')).toBe('staff');
    const session = await startSession(shop.app);
    const login = await shop.app.inject({
      method: 'POST',
      url: '/api/users/auth/login/',
      headers: session.headers,
      payload: { email: 'shopper-promoted@threadline.test', password: 'her-own-password' },
    });
    expect(login.statusCode).toBe(200);
  });

  // Each case starts the command afresh (a couple of seconds of TypeScript loading): side by side.
  it.concurrent.each([
    ['a bad e-mail', ['--email', 'not-an-email', '--password', 'harbour-view-99'], 'Enter a valid email address'],
    ['a short password', ['--email', 'short@threadline.test', '--password', 'short'], 'at least 8 characters'],
    [
      'an unknown role',
      ['--email', 'king@threadline.test', '--password', 'harbour-view-99', '--role', 'king'],
      'The role is owner or staff',
    ],
    ['no password', ['--email', 'nopass@threadline.test'], 'Usage: npm run admin:create'],
  ])('refuses %s with a message and a failing exit code', async (_name, args, message) => {
    const result = await adminCreate(...args);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(message);
    expect(await roleOf(String(args[1]).toLowerCase())).toBeUndefined();
  });
});
