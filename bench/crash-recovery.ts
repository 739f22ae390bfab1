// Kills the real server with SIGKILL in the middle of a checkout rush, restarts it on the same
// SQLite database, and checks that nothing is half-written: every order has its items, and stock,
// order items and stock movements still add up exactly.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../api/src/db/database.ts';
import { createProductStockRepository } from '../api/src/modules/inventory/product-stock.repository.ts';
import { newShopper } from './shop-fixture.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(join(tmpdir(), 'threadline-crash-'));
const port = 4471;
const origin = `http://127.0.0.1:${port}`;
const initialStock = 1000;

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: root,
    // Its 400 shoppers all come from loopback.
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      MEDIA_DIR: process.env.MEDIA_DIR ?? join(dataDir, 'media'),
      RATE_LIMIT_SCALE: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (
      await fetch(`${origin}/api/health/`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

try {
  let server = await startServer();
  const database = openDatabase(`sqlite:${join(dataDir, 'threadline.db')}`);
  const variant = await database.db
    .selectFrom('product_variants')
    .select(['id', 'product_id', 'size', 'color', 'stock'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  await database.db.updateTable('product_variants').set({ stock: initialStock }).where('id', '=', variant.id).execute();
  await database.db
    .insertInto('stock_movements')
    .values({
      variant_id: variant.id,
      delta: initialStock - variant.stock,
      reason: 'adjustment',
      order_id: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  await createProductStockRepository(database.db).recount([variant.product_id]);

  const shoppers = [];
  for (let index = 0; index < 400; index += 1) {
    const shopper = await newShopper(origin);
    await fetch(`${origin}/api/orders/cart/`, {
      method: 'POST',
      headers: shopper.headers,
      body: JSON.stringify({ product_id: variant.product_id, quantity: 2, variant_size: variant.size, variant_color: variant.color }),
    });
    shoppers.push(shopper);
  }

  let answered = 0;
  const rush = shoppers.map((shopper, index) =>
    fetch(`${origin}/api/orders/checkout/`, {
      method: 'POST',
      headers: shopper.headers,
      body: JSON.stringify({
        first_name: 'Crash',
        last_name: 'Test',
        phone: '1',
        email: `crash${index}@example.com`,
        shipping_method: 'pickup',
        payment_method: 'cash_on_delivery',
      }),
    }).then(
      () => (answered += 1),
      () => undefined,
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 700));
  server.kill('SIGKILL');
  await Promise.all(rush);
  console.log(`killed the server with SIGKILL after ${answered} of ${shoppers.length} checkouts were answered`);

  server = await startServer();
  const orders = await database.db.selectFrom('orders').select('id').execute();
  const withoutItems = await database.db
    .selectFrom('orders')
    .select('orders.id')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('order_items').select('order_items.id').whereRef('order_items.order_id', '=', 'orders.id'))),
    )
    .execute();
  const stockNow = (await database.db.selectFrom('product_variants').select('stock').where('id', '=', variant.id).executeTakeFirstOrThrow())
    .stock;
  const sold = Number(
    (
      await database.db
        .selectFrom('order_items')
        .select((eb) => eb.fn.sum<number>('quantity').as('units'))
        .where('variant_id', '=', variant.id)
        .executeTakeFirstOrThrow()
    ).units ?? 0,
  );
  const movements = Number(
    (
      await database.db
        .selectFrom('stock_movements')
        .select((eb) => eb.fn.sum<number>('delta').as('total'))
        .where('variant_id', '=', variant.id)
        .executeTakeFirstOrThrow()
    ).total ?? 0,
  );
  const healthy = (await fetch(`${origin}/api/health/`)).ok;
  const ok = withoutItems.length === 0 && stockNow + sold === initialStock && movements === stockNow && healthy;
  console.log(
    `after restart: ${orders.length} orders, ${withoutItems.length} without items; stock ${stockNow} + sold ${sold} = ${stockNow + sold} (started with ${initialStock}); stock movements add up to ${movements}`,
  );
  console.log(`crash recovery: ${ok ? 'OK' : 'FAILED'}`);
  if (!ok) process.exitCode = 1;
  server.kill('SIGTERM');
  await database.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
