import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createOrPromoteStaff } from './staff-accounts.ts';

/** `npm run admin:create -- --email E --password P [--role owner|staff]` (BACKOFFICE.md "Who"). */
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string', default: 'staff' } },
});
if (!values.email || !values.password) {
  process.stderr.write('Usage: npm run admin:create -- --email E --password P [--role owner|staff]\n');
  process.exit(2);
}
const role = values.role === 'owner' || values.role === 'staff' ? values.role : null;
if (role === null) {
  process.stderr.write('The role is owner or staff.\n');
  process.exit(2);
}

const handle = openDatabase(loadConfig().databaseUrl);
try {
  await migrateToLatest(handle.db);
  const outcome = await createOrPromoteStaff(handle.db, { email: values.email, password: values.password, role });
  process.stdout.write(
    outcome.created
      ? `Created ${values.email} (${role}). They sign in at /signin and find the back office at /admin.\n`
      : `${values.email} already had an account: it is now ${role}, with its password unchanged.\n`,
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
