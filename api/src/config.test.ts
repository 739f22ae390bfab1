import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const directories: string[] = [];
const dataDir = () => {
  const directory = mkdtempSync(join(tmpdir(), 'threadline-config-'));
  directories.push(directory);
  return directory;
};
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('defaults to port 3000 and an SQLite file under the data directory', () => {
    const directory = dataDir();
    const config = loadConfig({ DATA_DIR: directory });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe(`sqlite:${join(directory, 'threadline.db')}`);
    expect(config.mediaDir).toBe(join(directory, 'media'));
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SECRET_KEY: 'short' })).toThrow(/SECRET_KEY/);
  });

  it('generates a signing secret once and keeps it in the data directory', () => {
    const directory = dataDir();
    const first = loadConfig({ DATA_DIR: directory });
    const second = loadConfig({ DATA_DIR: directory });
    expect(first.secretKey.length).toBeGreaterThanOrEqual(32);
    expect(second.secretKey).toBe(first.secretKey);
    expect(readFileSync(join(directory, 'secret.key'), 'utf8').trim()).toBe(first.secretKey);
  });

  it('refuses test card payments on an https shop unless they are allowed', () => {
    const refused = () => loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://threadline.shop' });
    expect(refused).toThrow(ConfigError);
    expect(refused).toThrow(/STRIPE_SECRET_KEY.*PUBLIC_URL.*ALLOW_TEST_PAYMENTS=true/);
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://threadline.shop', ALLOW_TEST_PAYMENTS: 'true' }).stripe.secretKey).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://threadline.shop', STRIPE_SECRET_KEY: 'sk_live_0123456789' }).stripe.secretKey).toBe('sk_live_0123456789');
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'http://localhost:3000' }).stripe.secretKey).toBeNull();
    expect(() => loadConfig({ DATA_DIR: dataDir(), ALLOW_TEST_PAYMENTS: 'yes' })).toThrow(/ALLOW_TEST_PAYMENTS/);
  });

  it('uses a configured secret and database as given', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SECRET_KEY: 'k'.repeat(40),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    });
    expect(config.secretKey).toBe('k'.repeat(40));
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
  });
});
