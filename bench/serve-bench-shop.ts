// A shop server for load tests, in its own process so the load generator does not share its CPU:
// a fresh seeded database (SQLite file or a new PostgreSQL database), listening on a free loopback
// port. With `--stock N` the first variant of the catalogue gets N units. It prints one line of JSON
// `{"port": …, "variant": …}`; SIGTERM closes it and drops the database.
import { createProductStockRepository } from '../api/src/modules/inventory/product-stock.repository.ts';
import { startBenchShop } from './shop-fixture.ts';

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const stockArgument = process.argv.indexOf('--stock');
const shop = await startBenchShop(kind);
let variant = null;
if (stockArgument > 0) {
  variant = await shop.db
    .selectFrom('product_variants')
    .select(['id', 'product_id', 'size', 'color'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  await shop.db.updateTable('product_variants').set({ stock: Number(process.argv[stockArgument + 1]) }).where('id', '=', variant.id).execute();
  await createProductStockRepository(shop.db).recount([variant.product_id]);
}
process.stdout.write(`${JSON.stringify({ port: Number(new URL(shop.origin).port), variant })}\n`);
process.on('SIGTERM', () => {
  void shop.close().then(() => process.exit(0));
});
