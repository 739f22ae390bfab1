// A shop server for load tests, in its own process so the load generator does not share its CPU:
// a fresh seeded database (SQLite file or a new PostgreSQL database), listening on a free loopback
// port. With `--stock N` the first variant of the catalogue gets N units. It prints one line of JSON
// `{"port": …, "variant": …}`; SIGTERM closes it and drops the database.
import { startBenchShop, stockFirstVariant } from './shop-fixture.ts';

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const stockArgument = process.argv.indexOf('--stock');
const shop = await startBenchShop(kind);
const variant = stockArgument > 0 ? await stockFirstVariant(shop.db, Number(process.argv[stockArgument + 1])) : null;
process.stdout.write(`${JSON.stringify({ port: Number(new URL(shop.origin).port), variant })}\n`);
process.on('SIGTERM', () => {
  void shop.close().then(() => process.exit(0));
});
