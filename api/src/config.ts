import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { PaymentMethod } from '@threadline/contracts';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const proxyAddressNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (proxyAddressNames.has(entry) || isIP(entry) !== 0) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0 || !/^\d{1,3}$/.test(bits ?? '')) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may tell us the client's address in X-Forwarded-For: none, a number of hops in front
 * of the server (`true` is one), or the proxies' own addresses. Never "everyone": the left-most
 * entry is whatever the client wrote.
 */
const trustedProxies = z
  .string()
  .trim()
  .transform((value, context): TrustedProxies => {
    if (value === 'false' || value === '0') return { hops: 0 };
    if (value === 'true') return { hops: 1 };
    if (/^\d{1,2}$/.test(value)) return { hops: Number(value) };
    const addresses = value.split(',').map((entry) => entry.trim());
    const wrong = addresses.find((entry) => !isProxyAddress(entry));
    if (wrong === undefined) return { addresses };
    context.addIssue({
      code: 'custom',
      message: `must be true, false, a number of proxy hops, or proxy addresses/CIDRs separated by commas (not "${wrong}")`,
    });
    return z.NEVER;
  });

/** Every environment variable the server reads. docs/configuration.md's table mirrors this list. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default(join(repositoryRoot, 'data')),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'must start with sqlite: or postgres://')
    .optional(),
  // PostgreSQL without a transaction-mode pooler between: LISTEN for other processes' changes and
  // migrations need one session throughout. Defaults to DATABASE_URL (docs/operations.md).
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  // PostgreSQL: queries as named statements, planned once per connection. Defaults to on without a
  // pooler (no DATABASE_DIRECT_URL of its own), off with one.
  DATABASE_NAMED_STATEMENTS: flag.optional(),
  MEDIA_DIR: z.string().min(1).optional(),
  MEDIA_STORE: z.enum(['disk', 's3']).default('disk'),
  MEDIA_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Bucket names as S3 allows them: 3-63 lower-case letters, digits, dots and hyphens.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as eu-west-1')
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  WEB_DIST_DIR: z
    .string()
    .min(1)
    .default(join(repositoryRoot, 'web', 'dist')),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO_CATALOGUE: flag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  COOKIE_SECURE: flag.optional(),
  TRUST_PROXY: trustedProxies.default({ hops: 0 }),
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  RATES_URL: z.url({ protocol: /^https?$/ }).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
  STRIPE_SECRET_KEY: z.string().min(10).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(10).optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  ALLOW_TEST_PAYMENTS: flag.default(false),
  // PowerTranz (First Atlantic Commerce): the merchant's PowerTranz id and processing password, and
  // the gateway's root (staging or production); all three, or none.
  POWERTRANZ_ID: z
    .string()
    .regex(/^\d{6,12}$/, 'must be the PowerTranz id: digits only')
    .optional(),
  POWERTRANZ_PASSWORD: z.string().min(8).optional(),
  POWERTRANZ_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  UNPAID_ORDER_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Threadline <hello@threadline.shop>'),
  SHOP_EMAIL: z.email().default('hello@threadline.shop'),
  ADMIN_REQUIRE_2FA: flag.default(false),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{24,200}$/, 'must be 24 to 200 printable characters without spaces')
    .optional(),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).default(5),
  CATALOG_IMPORT_WAIT_SECONDS: z.coerce.number().int().min(0).max(50).default(20),
});

/** The proxies in front of the server: how many hops, or which addresses (ranges, proxy-addr names). */
export type TrustedProxies = { hops: number } | { addresses: string[] };

/**
 * Fastify 5 trusts no hop for a plain number (it cannot check the nearest peer), so hops are a
 * function of the hop's distance: request.ip is then the address the outermost trusted proxy saw.
 */
export function fastifyTrustProxy(trusted: TrustedProxies): false | string[] | ((address: string, hop: number) => boolean) {
  if ('addresses' in trusted) return trusted.addresses;
  return trusted.hops === 0 ? false : (_address, hop) => hop < trusted.hops;
}

/** Where media files live: a directory, or an S3 bucket (AWS or any S3-compatible store). */
export type MediaStoreConfig =
  | { kind: 'disk'; directory: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** An S3-compatible store's address (MinIO, R2, a test stand-in); null is AWS itself. */
      endpoint: string | null;
      forcePathStyle: boolean;
      /** null: the SDK's default chain (environment, shared files, instance or task role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
    };

export interface MediaConfig {
  store: MediaStoreConfig;
  /** A CDN or bucket address that picture URLs point at; null: the shop serves /static/media/ itself. */
  publicUrl: string | null;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  /** The same PostgreSQL database without a pooler between, for LISTEN and migrations; DATABASE_URL unless set. */
  databaseDirectUrl: string;
  /** PostgreSQL queries sent as named statements (not through a pooler that cannot keep them). */
  databaseNamedStatements: boolean;
  media: MediaConfig;
  webDistDir: string;
  secretKey: string;
  seedDemoCatalogue: boolean;
  logLevel: string;
  cookieSecure: boolean;
  /** Whose X-Forwarded-For is believed; the client's address is the one the nearest untrusted hop saw. */
  trustProxy: TrustedProxies;
  /** Multiplies every per-address rate limit; browser tests, all from one address, raise it. */
  rateLimitScale: number;
  /**
   * The shop's address as shoppers reach it, the only source of links in e-mails, the sitemap and
   * pages: a request's Host header is the sender's to choose.
   */
  publicUrl: string;
  ratesUrl: string | null;
  /** Sign-in with Google (or another OpenID Connect issuer); null when not configured. */
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  /** Card payments: Stripe when a key is set, else the built-in test card provider. */
  stripe: { secretKey: string | null; webhookSecret: string; apiUrl: string | null };
  /** PowerTranz's Hosted Payment Page when configured, else null (not offered). */
  powertranz: PowerTranzSettings | null;
  /**
   * The payment methods this server can take (a card method once its provider is configured); the
   * owner's settings choose which of them checkout offers (`GET /api/store/`'s payment_methods).
   */
  paymentMethods: PaymentMethod[];
  unpaidOrderMinutes: number;
  /** Time a client has to send a whole request, body included; a slower one is cut off with 408. */
  requestTimeoutMs: number;
  smtpUrl: string | null;
  mailFrom: string;
  shopEmail: string;
  outboxDir: string;
  /** Every staff account must have its TOTP second factor on before it can use the back office. */
  adminRequire2fa: boolean;
  /** The bearer token Prometheus scrapes `/metrics` with; null: no metrics are kept or served. */
  metricsToken: string | null;
  /**
   * After SIGTERM, how long readiness fails while requests are still served, so the load balancer
   * stops sending new ones before the process stops taking them.
   */
  shutdownDrainMs: number;
  /** How long a catalogue import's upload call waits for the writing before it answers 202 with the run (below the proxy's timeout). */
  catalogImportWaitMs: number;
}

export class ConfigError extends Error {}

export interface PowerTranzSettings {
  /** Sent as PowerTranz-PowerTranzId. */
  id: string;
  /** Sent as PowerTranz-PowerTranzPassword. */
  password: string;
  /** The gateway's root, without a trailing slash: its calls are under `/api/` there. */
  apiUrl: string;
}

/** Reads and validates the environment once; a wrong value fails with the variable's name. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration. ${problems.join('; ')}`);
  }
  const env = parsed.data;
  const powertranzNames = ['POWERTRANZ_ID', 'POWERTRANZ_PASSWORD', 'POWERTRANZ_API_URL'] as const;
  const powertranzSet = powertranzNames.filter((name) => env[name] !== undefined);
  if (powertranzSet.length > 0 && powertranzSet.length < powertranzNames.length) {
    const missing = powertranzNames.filter((name) => env[name] === undefined);
    throw new ConfigError(
      `Invalid configuration. ${missing.join(', ')}: PowerTranz needs POWERTRANZ_ID, POWERTRANZ_PASSWORD and POWERTRANZ_API_URL together.`,
    );
  }
  const powertranz =
    env.POWERTRANZ_ID && env.POWERTRANZ_PASSWORD && env.POWERTRANZ_API_URL
      ? { id: env.POWERTRANZ_ID, password: env.POWERTRANZ_PASSWORD, apiUrl: env.POWERTRANZ_API_URL.replace(/\/$/, '') }
      : null;
  // The built-in provider takes no money: a shop on a public https address takes no orders through
  // it unless it says it means to (a demo); with PowerTranz, that shop simply offers no Stripe.
  const testPaymentsAllowed = !env.PUBLIC_URL?.startsWith('https:') || env.ALLOW_TEST_PAYMENTS;
  if (!env.STRIPE_SECRET_KEY && !testPaymentsAllowed && !powertranz) {
    throw new ConfigError(
      'Invalid configuration. STRIPE_SECRET_KEY: not set, so card payments would be test payments that take no money, on a shop at an https PUBLIC_URL; set STRIPE_SECRET_KEY (or PowerTranz), or ALLOW_TEST_PAYMENTS=true for a demo shop.',
    );
  }
  const paymentMethods: PaymentMethod[] = [
    ...(env.STRIPE_SECRET_KEY || testPaymentsAllowed ? (['stripe'] as const) : []),
    ...(powertranz ? (['powertranz'] as const) : []),
    'cash_on_delivery',
    'bank_transfer',
  ];
  const dataDir = resolve(env.DATA_DIR);
  const media = { store: mediaStoreConfig(env, dataDir), publicUrl: env.MEDIA_PUBLIC_URL?.replace(/\/$/, '') ?? null };
  const secretKey = env.SECRET_KEY ?? readOrCreateSecret(dataDir);
  const databaseUrl = env.DATABASE_URL ?? `sqlite:${join(dataDir, 'threadline.db')}`;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl,
    databaseDirectUrl: env.DATABASE_DIRECT_URL ?? databaseUrl,
    databaseNamedStatements: env.DATABASE_NAMED_STATEMENTS ?? (env.DATABASE_DIRECT_URL ?? databaseUrl) === databaseUrl,
    media,
    webDistDir: resolve(env.WEB_DIST_DIR),
    secretKey,
    seedDemoCatalogue: env.SEED_DEMO_CATALOGUE,
    logLevel: env.LOG_LEVEL,
    cookieSecure: env.COOKIE_SECURE ?? false,
    trustProxy: env.TRUST_PROXY,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${env.PORT}`,
    ratesUrl: env.RATES_URL ?? null,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.OIDC_ISSUER }
        : null,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY ?? null,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? builtInWebhookSecret(secretKey),
      apiUrl: env.STRIPE_API_URL ?? null,
    },
    powertranz,
    paymentMethods,
    unpaidOrderMinutes: env.UNPAID_ORDER_MINUTES,
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    shopEmail: env.SHOP_EMAIL,
    outboxDir: join(dataDir, 'outbox'),
    adminRequire2fa: env.ADMIN_REQUIRE_2FA,
    metricsToken: env.METRICS_TOKEN ?? null,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_SECONDS * 1000,
    catalogImportWaitMs: env.CATALOG_IMPORT_WAIT_SECONDS * 1000,
  };
}

const s3Variables = ['S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * Settings of the other store are refused rather than ignored: a shop that was meant to write to a
 * bucket but writes to one machine's disk loses every upload the other machines cannot see.
 */
function mediaStoreConfig(env: z.infer<typeof environmentSchema>, dataDir: string): MediaStoreConfig {
  const invalid = (variable: string, problem: string) => new ConfigError(`Invalid configuration. ${variable}: ${problem}`);
  if (env.MEDIA_STORE === 'disk') {
    const stray = s3Variables.find((variable) => env[variable] !== undefined);
    if (stray) throw invalid(stray, 'is set, but MEDIA_STORE is disk; set MEDIA_STORE=s3 to keep media in the bucket');
    return { kind: 'disk', directory: resolve(env.MEDIA_DIR ?? join(dataDir, 'media')) };
  }
  if (env.MEDIA_DIR !== undefined) throw invalid('MEDIA_DIR', 'is set, but MEDIA_STORE is s3, which keeps media in S3_BUCKET');
  if (!env.S3_BUCKET) throw invalid('S3_BUCKET', 'is required when MEDIA_STORE is s3');
  if (!env.S3_REGION) throw invalid('S3_REGION', 'is required when MEDIA_STORE is s3');
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    throw invalid(
      env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY',
      'is needed with the other key; set both, or neither for the SDK default credentials',
    );
  }
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT ?? null,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : null,
  };
}

/** Webhooks of the built-in test card provider are signed like Stripe's, with a secret of our own. */
const builtInWebhookSecret = (secretKey: string) =>
  `whsec_${createHmac('sha256', secretKey).update('test-card-provider-webhooks').digest('base64url')}`;

/** Keeps a generated signing secret under the data directory so tokens survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
