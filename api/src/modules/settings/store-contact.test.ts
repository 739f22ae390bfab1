import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultStoreSettings, type StoreContact, type StoreSettings } from '@threadline/contracts';
import { pickupCheckoutForm } from '../../../test/checkout-forms.ts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import {
  createTestShop,
  signInStaff,
  signUp,
  startSession,
  type ShopperSession,
  type SignedInShopper,
  type TestShop,
} from '../../../test/helper.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { startSmtpSink, type ReceivedMail } from '../../../test/smtp-sink.ts';

/**
 * What the owner sets as the store's details (Settings) is what every e-mail, the invoice and the
 * storefront's API show, from the moment it is saved: there is no other copy of them (issue 28).
 */
let shop: TestShop;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: SignedInShopper;
let staff: SignedInShopper;
let productId = 0;

const opened = defaultStoreSettings.store;
const moved: StoreContact = {
  ...opened,
  street: '7 Harbour Street',
  city: 'Half Way Tree',
  parish: 'St. Andrew',
  phone: '+1 (876) 555-0177',
  email: 'shop@harbour.example',
  chat_number: '+1 876 555 0178',
  directions: 'Across from the clock tower, above the pharmacy.',
  getting_here: ['Parking behind the plaza'],
};
const movedAddress = '7 Harbour Street, Half Way Tree, St. Andrew, Jamaica';
// What the shop opened with, none of which may be left in what goes out after the move.
const openedDetails = [opened.street, opened.email, '555-0142'];

beforeAll(async () => {
  smtp = await startSmtpSink();
  shop = await createTestShop({
    seed: false,
    // The sender is the mail server's to decide (MAIL_FROM), not a detail of the store.
    environment: {
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://threadline.test',
      MAIL_FROM: 'Threadline <mailer@threadline.test>',
      RATE_LIMIT_SCALE: '50',
    },
  });
  const category = await createCategory(shop.database.handle.db, { name: 'Hats', slug: 'hats' });
  productId = (
    await createProduct(shop.database.handle.db, { name: 'Irie Cap', categoryId: category, price: 450_000, variants: [{ stock: 100 }] })
  ).id;
  await shop.ready();
  owner = await signInStaff(shop, 'owner');
  staff = await signInStaff(shop, 'staff');
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});

const post = (who: ShopperSession, url: string, payload: object) => shop.app.inject({ method: 'POST', url, headers: who.headers, payload });

/** The newest e-mail to `address`, once it came, as a mail client shows its text (UTF-8, quoted-printable undone). */
async function mailTo(address: string, count = 1): Promise<string> {
  const to = () => smtp.received.filter((mail: ReceivedMail) => mail.to.includes(address));
  await expect.poll(() => to().length).toBe(count);
  return Buffer.from(to().at(-1)?.text ?? '', 'latin1').toString('utf8');
}

/** The e-mail shows the store as the owner moved it: its address, e-mail and phone, nothing of the old store. */
function expectMovedStore(mail: string) {
  expect(mail).toContain(movedAddress);
  expect(mail).toContain(`${moved.email} · ${moved.phone}`);
  for (const old of openedDetails) expect(mail).not.toContain(old);
}

/** A guest's cash order for pickup; its id and the e-mail it was placed with. */
async function pickupOrder(): Promise<{ orderId: number; email: string }> {
  const shopper = await startSession(shop.app);
  expect((await post(shopper, '/api/orders/cart/', { product_id: productId, quantity: 1 })).statusCode).toBe(200);
  const form = pickupCheckoutForm('cash_on_delivery');
  const placed = await post(shopper, '/api/orders/checkout/', form);
  expect(placed.statusCode, placed.body).toBe(200);
  return { orderId: placed.json().order_id as number, email: form.email };
}

describe('the store’s details the owner sets', () => {
  let before: { orderId: number; email: string };

  it('are in the confirmation of an order placed before the owner changes them', async () => {
    before = await pickupOrder();
    const confirmation = await mailTo(before.email);
    expect(confirmation).toContain(`Pickup at our store: ${opened.street}, ${opened.city}.`);
    expect(confirmation).toContain(`${opened.email} · ${opened.phone}`);
  });

  it('are what the storefront’s and the owner’s settings answer carry once saved', async () => {
    const saved = await shop.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/',
      headers: owner.headers,
      payload: { ...defaultStoreSettings, store: moved } satisfies StoreSettings,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await shop.app.inject({ method: 'GET', url: '/api/store/' })).json().store).toEqual(moved);
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/settings/', headers: owner.headers })).json().store).toEqual(moved);
  });

  it('are in the status e-mail of that earlier order, sent after the change', async () => {
    const cancelled = await post(staff, `/api/admin/orders/${before.orderId}/status/`, { status: 'cancelled', note: '' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const update = await mailTo(before.email, 2);
    expect(update).toContain('was cancelled');
    expectMovedStore(update);
  });

  it('are in a new order’s confirmation (where to pick it up) and on its invoice', async () => {
    const { orderId, email } = await pickupOrder();
    const confirmation = await mailTo(email);
    expect(confirmation).toContain(`Pickup at our store: ${moved.street}, ${moved.city}.`);
    expectMovedStore(confirmation);

    const invoice = await shop.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}/invoice/`, headers: staff.headers });
    expect(invoice.statusCode).toBe(200);
    const text = await pdfText(invoice.rawPayload);
    expect(text).toContain(movedAddress);
    expect(text).toContain(`${moved.email} · ${moved.phone}`);
    expect(text).toContain(`At our store, ${moved.street}`);
    for (const old of openedDetails) expect(text).not.toContain(old);
  });

  it('are in the password-reset e-mail', async () => {
    await signUp(shop.app, { email: 'forgetful@example.com' });
    expect(
      (await post(await startSession(shop.app), '/api/users/auth/password-reset/', { email: 'forgetful@example.com' })).statusCode,
    ).toBe(200);
    const reset = await mailTo('forgetful@example.com');
    expect(reset).toContain('reset the password');
    expectMovedStore(reset);
  });

  it('are in the newsletter’s welcome e-mail', async () => {
    expect(
      (await post(await startSession(shop.app), '/api/newsletter/', { email: 'fan@example.com', first_name: 'Marley' })).statusCode,
    ).toBe(200);
    const welcome = await mailTo('fan@example.com');
    expect(welcome).toContain('Thanks for subscribing');
    expectMovedStore(welcome);
  });
});
