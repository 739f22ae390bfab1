import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '@threadline/contracts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import {
  callJson,
  startHttpSession,
  startServerProcesses,
  type HttpShopper,
  type ServerProcesses,
} from '../../../test/server-processes.ts';
import { unpaidCashOrdersPerAccount } from './checkout.service.ts';

let processes: ServerProcesses;

beforeAll(async () => {
  // Every call comes from 127.0.0.1: the per-address limits scaled as in the browser tests.
  processes = await startServerProcesses(2, { RATE_LIMIT_SCALE: '50' });
}, 120_000);
afterAll(async () => processes?.close());

const db = () => processes.database.handle.db;

/** A fresh account signed up on the storefront, signed in on both processes with the one token. */
async function freshAccount(url: string, email: string): Promise<HttpShopper> {
  const session = await startHttpSession(url);
  const password = 'island-breeze-42';
  const signedUp = await callJson(url, 'POST', '/api/users/auth/register/', session.headers, {
    first_name: 'Ayesha',
    last_name: 'Campbell',
    email,
    password1: password,
    password2: password,
  });
  expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(201);
  return { ...session, headers: { ...session.headers, authorization: `Bearer ${String(signedUp.body.token)}` } };
}

describe("a signed-in customer's cash orders waiting for delivery, across two server processes", () => {
  it(`stay at ${unpaidCashOrdersPerAccount} when the account adds and checks out through both at once`, { timeout: 120_000 }, async () => {
    const [one = '', two = ''] = processes.urls;
    const categoryId = await createCategory(db(), { name: 'Cap race' });
    const stock = 100;
    const cap = await createProduct(db(), { name: 'Cap Race Tee', categoryId, price: 250_000, variants: [{ stock }] });
    const email = `fresh-${Date.now()}@example.com`;
    const account = await freshAccount(one, email);
    const form = {
      first_name: 'Ayesha',
      last_name: 'Campbell',
      email,
      phone: '876 555 0100',
      shipping_method: 'pickup',
      payment_method: 'cash_on_delivery',
    };

    // Each process in turn adds a unit to the account's one cart and places a cash order, both at once, many times over.
    const attempts = 8;
    const tab = (url: string, name: string) =>
      (async () => {
        const answers: { status: number; error: unknown; orderId: unknown }[] = [];
        for (let attempt = 0; attempt < attempts; attempt += 1) {
          const added = await callJson(url, 'POST', '/api/orders/cart/', account.headers, { product_id: cap.id, quantity: 1 });
          expect(added.status, JSON.stringify(added.body)).toBe(200);
          const placed = await callJson(
            url,
            'POST',
            '/api/orders/checkout/',
            { ...account.headers, 'idempotency-key': `${name}-${attempt}` },
            form,
          );
          answers.push({ status: placed.status, error: placed.body.error, orderId: placed.body.order_id });
        }
        return answers;
      })();
    const answers = (await Promise.all([tab(one, 'one'), tab(two, 'two')])).flat();

    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    const refusals = answers.filter((answer) => answer.status !== 200).map(({ status, error }) => ({ status, error }));
    const refusedByCap = { status: 409, error: serverMessages.tooManyUnpaidCashOrders(unpaidCashOrdersPerAccount) };
    const emptyCart = { status: 400, error: serverMessages.checkoutEmptyCart };
    expect(
      refusals.filter(
        (answer) =>
          !(answer.status === refusedByCap.status && answer.error === refusedByCap.error) &&
          !(answer.status === emptyCart.status && answer.error === emptyCart.error),
      ),
    ).toEqual([]);
    expect(refusals).toContainEqual(refusedByCap);

    const user = await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const held = await db()
      .selectFrom('orders')
      .innerJoin('order_items', 'order_items.order_id', 'orders.id')
      .select(['orders.id', 'order_items.quantity'])
      .where('orders.user_id', '=', user.id)
      .where('orders.payment_method', '=', 'cash_on_delivery')
      .where('orders.payment_status', '=', 'PENDING')
      .execute();
    const heldIds = [...new Set(held.map((row) => row.id))].sort((a, b) => a - b);
    expect(heldIds).toHaveLength(unpaidCashOrdersPerAccount);
    // A checkout of an emptied cart with the same form is a retry, answered with the order it made: no other order was placed.
    const answeredIds = [...new Set(answers.filter((answer) => answer.status === 200).map((answer) => Number(answer.orderId)))].sort(
      (a, b) => a - b,
    );
    expect(answeredIds).toEqual(heldIds);
    // What the five hold is what left the shelf: a refused order gave its units back with its rollback.
    const [variant] = await db().selectFrom('product_variants').select('stock').where('product_id', '=', cap.id).execute();
    expect(variant?.stock).toBe(stock - held.reduce((sum, row) => sum + row.quantity, 0));
  });
});
