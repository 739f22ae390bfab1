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
    expect(config.media).toEqual({ store: { kind: 'disk', directory: join(directory, 'media') }, publicUrl: null });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ DATA_DIR: directory, PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
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
    expect(
      loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://threadline.shop', ALLOW_TEST_PAYMENTS: 'true' }).stripe.secretKey,
    ).toBeNull();
    expect(
      loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://threadline.shop', STRIPE_SECRET_KEY: 'sk_live_0123456789' }).stripe.secretKey,
    ).toBe('sk_live_0123456789');
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'http://localhost:3000' }).stripe.secretKey).toBeNull();
    expect(() => loadConfig({ DATA_DIR: dataDir(), ALLOW_TEST_PAYMENTS: 'yes' })).toThrow(/ALLOW_TEST_PAYMENTS/);
  });

  it('runs Stripe, PowerTranz, or neither, and takes what it runs, cash and bank transfers', () => {
    const powertranz = {
      POWERTRANZ_ID: '88801234',
      POWERTRANZ_PASSWORD: 'processing-password',
      POWERTRANZ_API_URL: 'https://staging.ptranz.com/',
    };
    const neither = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'http://localhost:3000' });
    expect(neither.powertranz).toBeNull();
    expect(neither.paymentMethods).toEqual(['stripe', 'cash_on_delivery', 'bank_transfer']);
    // PowerTranz alone on an https shop: no test card payments are taken, and none is offered.
    const kingston = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://threadline.shop', ...powertranz });
    expect(kingston.powertranz).toEqual({ id: '88801234', password: 'processing-password', apiUrl: 'https://staging.ptranz.com' });
    expect(kingston.paymentMethods).toEqual(['powertranz', 'cash_on_delivery', 'bank_transfer']);
    const both = loadConfig({
      DATA_DIR: dataDir(),
      PUBLIC_URL: 'https://threadline.shop',
      STRIPE_SECRET_KEY: 'sk_live_0123456789',
      ...powertranz,
    });
    expect(both.paymentMethods).toEqual(['stripe', 'powertranz', 'cash_on_delivery', 'bank_transfer']);
    expect(() => loadConfig({ DATA_DIR: dataDir(), POWERTRANZ_ID: '88801234' })).toThrow(/POWERTRANZ_PASSWORD, POWERTRANZ_API_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...powertranz, POWERTRANZ_ID: 'merchant' })).toThrow(/POWERTRANZ_ID/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...powertranz, POWERTRANZ_API_URL: 'ftp://ptranz.com' })).toThrow(/POWERTRANZ_API_URL/);
  });

  it('uses a configured secret and database as given', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SECRET_KEY: 'k'.repeat(40),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    });
    expect(config.secretKey).toBe('k'.repeat(40));
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(config.databaseDirectUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
  });

  it('takes a direct database address beside a pooled one, for LISTEN and migrations', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://shop@pooler:6432/shop',
      DATABASE_DIRECT_URL: 'postgres://shop@db:5432/shop',
    });
    expect(config.databaseUrl).toBe('postgres://shop@pooler:6432/shop');
    expect(config.databaseDirectUrl).toBe('postgres://shop@db:5432/shop');
    // A pooler between: no named statements unless it is said to keep them.
    expect(config.databaseNamedStatements).toBe(false);
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        DATABASE_URL: 'postgres://shop@pooler:6432/shop',
        DATABASE_DIRECT_URL: 'postgres://shop@db:5432/shop',
        DATABASE_NAMED_STATEMENTS: 'true',
      }).databaseNamedStatements,
    ).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://shop@db:5432/shop' }).databaseNamedStatements).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_DIRECT_URL: 'sqlite:x.db' })).toThrow(/DATABASE_DIRECT_URL/);
  });

  it('trusts no proxy by default, one hop for true, a number of hops, or listed proxy addresses', () => {
    const trustProxy = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;
    expect(trustProxy()).toEqual({ hops: 0 });
    expect(trustProxy('false')).toEqual({ hops: 0 });
    expect(trustProxy('0')).toEqual({ hops: 0 });
    expect(trustProxy('true')).toEqual({ hops: 1 });
    expect(trustProxy('1')).toEqual({ hops: 1 });
    expect(trustProxy('2')).toEqual({ hops: 2 });
    expect(trustProxy('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback')).toEqual({
      addresses: ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback'],
    });
  });

  it('refuses a TRUST_PROXY that is neither a flag, a hop count nor proxy addresses', () => {
    for (const value of ['yes', '10.0.0.0/33', '10.0.0.1/8/2', 'proxy.example.com', '127.0.0.1,', '-1']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });

  it('keeps media in an S3 bucket when MEDIA_STORE is s3, with keys or the SDK default credentials', () => {
    const s3 = { DATA_DIR: dataDir(), MEDIA_STORE: 's3', S3_BUCKET: 'threadline-media', S3_REGION: 'eu-west-1' };
    expect(loadConfig(s3).media).toEqual({
      store: { kind: 's3', bucket: 'threadline-media', region: 'eu-west-1', endpoint: null, forcePathStyle: false, credentials: null },
      publicUrl: null,
    });
    const compatible = loadConfig({
      ...s3,
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      MEDIA_PUBLIC_URL: 'https://media.threadline.shop/',
    }).media;
    expect(compatible).toEqual({
      store: {
        kind: 's3',
        bucket: 'threadline-media',
        region: 'eu-west-1',
        endpoint: 'http://127.0.0.1:9000',
        forcePathStyle: true,
        credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
      },
      publicUrl: 'https://media.threadline.shop',
    });
  });

  it('names the media setting that is wrong or missing, and refuses settings of the other store', () => {
    const s3 = { DATA_DIR: dataDir(), MEDIA_STORE: 's3', S3_BUCKET: 'threadline-media', S3_REGION: 'eu-west-1' };
    const refusals: [Record<string, string>, RegExp][] = [
      [{ MEDIA_STORE: 'ftp' }, /MEDIA_STORE/],
      [{ MEDIA_STORE: 's3' }, /S3_BUCKET: is required/],
      [{ ...s3, S3_REGION: '' }, /S3_REGION/],
      [{ ...s3, S3_BUCKET: 'Threadline_Media' }, /S3_BUCKET: must be a bucket name/],
      [{ ...s3, S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT/],
      [{ ...s3, S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE/],
      [{ ...s3, S3_ACCESS_KEY_ID: 'minio' }, /S3_SECRET_ACCESS_KEY: is needed with the other key/],
      [{ ...s3, MEDIA_DIR: '/srv/media' }, /MEDIA_DIR: is set, but MEDIA_STORE is s3/],
      [{ S3_BUCKET: 'threadline-media' }, /S3_BUCKET: is set, but MEDIA_STORE is disk/],
      [{ MEDIA_PUBLIC_URL: 'ftp://media.example.com' }, /MEDIA_PUBLIC_URL/],
    ];
    for (const [environment, problem] of refusals) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...environment }), JSON.stringify(environment)).toThrow(problem);
    }
  });

  it('keeps no metrics without METRICS_TOKEN, and takes only a long token without spaces', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metricsToken).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'a'.repeat(24) }).metricsToken).toBe('a'.repeat(24));
    for (const value of ['short', 'a'.repeat(201), `${'a'.repeat(24)} b`]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: value }), value).toThrow(/METRICS_TOKEN/);
    }
  });

  it('drains for 5 s after SIGTERM unless told 0 to 120 s', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).shutdownDrainMs).toBe(5000);
    expect(loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_DRAIN_SECONDS: '0' }).shutdownDrainMs).toBe(0);
    for (const value of ['-1', '121', 'soon']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_DRAIN_SECONDS: value }), value).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
    }
  });
});
