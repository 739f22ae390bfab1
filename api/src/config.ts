import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads. README's configuration table mirrors this list. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default(join(repositoryRoot, 'data')),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'must start with sqlite: or postgres://')
    .optional(),
  MEDIA_DIR: z.string().min(1).optional(),
  WEB_DIST_DIR: z.string().min(1).default(join(repositoryRoot, 'web', 'dist')),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO_CATALOGUE: flag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  COOKIE_SECURE: flag.optional(),
  TRUST_PROXY: flag.default(false),
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  RATES_URL: z.url({ protocol: /^https?$/ }).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
  STRIPE_SECRET_KEY: z.string().min(10).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(10).optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  UNPAID_ORDER_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(60),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Threadline <hello@threadline.shop>'),
  SHOP_EMAIL: z.email().default('hello@threadline.shop'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  mediaDir: string;
  webDistDir: string;
  secretKey: string;
  seedDemoCatalogue: boolean;
  logLevel: string;
  cookieSecure: boolean;
  trustProxy: boolean;
  /** Multiplies every per-address rate limit; browser tests, all from one address, raise it. */
  rateLimitScale: number;
  /** The shop's address as shoppers reach it; null: taken from each request's Host. */
  publicUrl: string | null;
  ratesUrl: string | null;
  /** Sign-in with Google (or another OpenID Connect issuer); null when not configured. */
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  /** Card payments: Stripe when a key is set, else the built-in test card provider. */
  stripe: { secretKey: string | null; webhookSecret: string; apiUrl: string | null };
  unpaidOrderMinutes: number;
  /** Time a client has to send a whole request, body included; a slower one is cut off with 408. */
  requestTimeoutMs: number;
  smtpUrl: string | null;
  mailFrom: string;
  shopEmail: string;
  outboxDir: string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment once; a wrong value fails with the variable's name. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration. ${problems.join('; ')}`);
  }
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  const secretKey = env.SECRET_KEY ?? readOrCreateSecret(dataDir);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? `sqlite:${join(dataDir, 'threadline.db')}`,
    mediaDir: resolve(env.MEDIA_DIR ?? join(dataDir, 'media')),
    webDistDir: resolve(env.WEB_DIST_DIR),
    secretKey,
    seedDemoCatalogue: env.SEED_DEMO_CATALOGUE,
    logLevel: env.LOG_LEVEL,
    cookieSecure: env.COOKIE_SECURE ?? false,
    trustProxy: env.TRUST_PROXY,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, '') ?? null,
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
    unpaidOrderMinutes: env.UNPAID_ORDER_MINUTES,
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    shopEmail: env.SHOP_EMAIL,
    outboxDir: join(dataDir, 'outbox'),
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
