// Each file of the pooler set talks to PostgreSQL through PgBouncer behind a statement watch, and
// fails if a named statement or session state reached the pooler while it ran.
import { afterAll, inject } from 'vitest';
import { watchStatements } from './pooler.ts';

const watch = await watchStatements(inject('pgbouncerPort'));
const direct = inject('directServerUrl');
const pooled = new URL(direct);
pooled.hostname = '127.0.0.1';
pooled.port = String(watch.port);
process.env.TEST_DATABASE_DIRECT_URL = direct;
process.env.TEST_DATABASE_URL = pooled.toString();

afterAll(async () => {
  const violations = watch.violations();
  await watch.close();
  if (violations.length > 0) throw new Error(`What reached the transaction-mode pooler that it cannot keep:\n${violations.join('\n')}`);
});
