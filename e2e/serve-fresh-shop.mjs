// Starts a real server for the browser tests on a fresh SQLite database, with a local OpenID
// Connect provider standing in for Google. Rendered catalogue images are kept between runs (they
// depend only on the seed), the database never is.
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const port = process.env.PORT ?? '4321';
// One data directory per port: the browser tests run two shops side by side (playwright.config.ts).
const dataDir = join(here, '.tmp', `data-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const { register } = await import('tsx/esm/api');
register();

const { startLocalIssuer } = await import('../api/test/oidc-issuer.ts');
const issuer = await startLocalIssuer([`http://127.0.0.1:${port}/auth/google/callback/`]);

// The PowerTranz shop (playwright.config.ts) takes cards through a local stand-in of the gateway.
if (process.env.POWERTRANZ_STAND_IN === 'true') {
  const { startPowerTranzStandIn } = await import('../api/test/powertranz-stand-in.ts');
  const gateway = await startPowerTranzStandIn();
  process.env.POWERTRANZ_ID = gateway.id;
  process.env.POWERTRANZ_PASSWORD = gateway.password;
  process.env.POWERTRANZ_API_URL = gateway.url;
}

// Links in e-mails and the card provider's way back name the address the browser uses.
process.env.PUBLIC_URL ??= `http://127.0.0.1:${port}`;
process.env.DATA_DIR = dataDir;
process.env.DATABASE_URL = `sqlite:${join(dataDir, 'shop.db')}`;
process.env.MEDIA_DIR ??= join(here, '.tmp', 'media');
process.env.LOG_LEVEL ??= 'warn';
process.env.GOOGLE_CLIENT_ID = issuer.clientId;
process.env.GOOGLE_CLIENT_SECRET = issuer.clientSecret;
process.env.OIDC_ISSUER = issuer.issuer;
process.env.UNPAID_ORDER_MINUTES ??= '60';
// Every browser test comes from one address; the per-address limits themselves are tested in the API suite.
process.env.RATE_LIMIT_SCALE ??= '50';

// The back office's accounts (tests/staff-accounts.ts), made by what `npm run admin:create` runs.
const { allBackOfficeAccounts } = await import('./tests/staff-accounts.ts');
const { openDatabase } = await import('../api/src/db/database.ts');
const { migrateToLatest } = await import('../api/src/db/migrate.ts');
const { createOrPromoteStaff } = await import('../api/src/modules/customers/staff-accounts.ts');
const database = openDatabase(process.env.DATABASE_URL);
await migrateToLatest(database.db);
for (const account of allBackOfficeAccounts()) await createOrPromoteStaff(database.db, account);
await database.close();

await import('../api/src/server.ts');
