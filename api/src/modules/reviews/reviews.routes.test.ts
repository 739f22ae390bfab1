import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewMessages } from '@threadline/contracts';
import { createCategory, createProduct, orderRow } from '../../../test/factories.ts';
import { createTestShop, signInStaff, signUp, startSession, type SignedInShopper, type TestShop } from '../../../test/helper.ts';

let shop: TestShop;
let productId: number;
let otherProductId: number;
let staff: SignedInShopper;
let orderCount = 0;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  await shop.ready();
  const { db } = shop.database.handle;
  const categoryId = await createCategory(db, { name: 'Tees' });
  productId = (
    await createProduct(db, { name: 'Blue Mountain Tee', categoryId, price: 350_000, variants: [{ size: 'M', color: 'Green', stock: 50 }] })
  ).id;
  otherProductId = (
    await createProduct(db, { name: 'Harbour Cap', categoryId, price: 200_000, variants: [{ size: null, color: 'Black', stock: 5 }] })
  ).id;
  staff = await signInStaff(shop);
});
afterAll(() => shop.close());

/** An order of the customer holding the product in size M, green, in the given status (as the back office would have moved it). */
async function orderFor(userId: number, product: number, status: 'delivered' | 'shipped' = 'delivered') {
  const { db } = shop.database.handle;
  orderCount += 1;
  const now = new Date().toISOString();
  const order = await db
    .insertInto('orders')
    .values(orderRow(`TL-REV-${orderCount}`, now, { user_id: userId, status, payment_status: 'COMPLETED', total: 350_000 }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values({
      order_id: order.id,
      product_id: product,
      variant_id: null,
      product_name: 'Blue Mountain Tee',
      product_image: null,
      size: 'M',
      color: 'Green',
      quantity: 1,
      unit_price: 350_000,
      line_total: 350_000,
    })
    .execute();
  return order.id;
}

let buyers = 0;
/** A customer with a delivered order holding the product. */
async function buyer(firstName = 'Ayesha', lastName = 'Campbell', product = productId) {
  buyers += 1;
  const customer = await signUp(shop.app, { email: `buyer-${buyers}@example.com`, first_name: firstName, last_name: lastName });
  await orderFor(customer.userId, product);
  return customer;
}

const review = { rating: 4, fit: 'small', title: 'Lovely cotton', body: 'Soft and cool in the Kingston heat. Order one size up.' };

const post = (who: { headers: Record<string, string> }, body: Record<string, unknown> = review, product = productId) =>
  shop.app.inject({ method: 'POST', url: `/api/product/${product}/reviews/`, headers: who.headers, payload: body });

const listed = async (product = productId, page = 1) => {
  const response = await shop.app.inject({ method: 'GET', url: `/api/product/${product}/reviews/?page=${page}` });
  expect(response.statusCode).toBe(200);
  return response.json();
};

const moderate = (id: number, body: Record<string, unknown>, who: { headers: Record<string, string> } = staff) =>
  shop.app.inject({ method: 'PATCH', url: `/api/admin/reviews/${id}/`, headers: who.headers, payload: body });

describe('posting a review', () => {
  it('needs a signed-in customer whose delivered order holds the product', async () => {
    const guest = await startSession(shop.app);
    expect((await post(guest)).statusCode).toBe(401);

    const browser = await signUp(shop.app, { email: 'browser@example.com' });
    const notBought = await post(browser);
    expect(notBought.statusCode).toBe(403);
    expect(notBought.json().error).toBe(reviewMessages.onlyBuyers);

    // An order on its way is no delivered order.
    await orderFor(browser.userId, productId, 'shipped');
    expect((await post(browser)).statusCode).toBe(403);
    // A delivered order of another product makes no buyer of this one.
    await orderFor(browser.userId, otherProductId);
    expect((await post(browser)).statusCode).toBe(403);
    expect(
      (await shop.app.inject({ method: 'GET', url: `/api/product/${productId}/reviews/eligibility/`, headers: browser.headers })).json(),
    ).toEqual({
      eligible: false,
      reason: 'not_delivered',
    });
    expect((await shop.app.inject({ method: 'GET', url: `/api/product/${productId}/reviews/eligibility/` })).json()).toEqual({
      eligible: false,
      reason: 'sign_in',
    });
  });

  it('takes one review a customer a product, pending, with the size and colour bought', async () => {
    const ayesha = await buyer();
    expect(
      (await shop.app.inject({ method: 'GET', url: `/api/product/${productId}/reviews/eligibility/`, headers: ayesha.headers })).json(),
    ).toEqual({
      eligible: true,
      reason: null,
    });
    const first = await post(ayesha);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      ...review,
      author_name: 'Ayesha C.',
      verified_purchase: true,
      size_bought: 'M',
      color_bought: 'Green',
      photos: [],
    });
    const again = await post(ayesha, { ...review, title: 'Second thoughts' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(reviewMessages.alreadyReviewed);
    expect(
      (await shop.app.inject({ method: 'GET', url: `/api/product/${productId}/reviews/eligibility/`, headers: ayesha.headers })).json()
        .reason,
    ).toBe('already_reviewed');

    const pending = await shop.app.inject({ method: 'GET', url: '/api/admin/reviews/?status=pending', headers: staff.headers });
    expect(pending.json().results.find((entry: { id: number }) => entry.id === first.json().id)).toMatchObject({
      status: 'pending',
      customer_email: 'buyer-1@example.com',
    });
  });

  it('makes one review of two posted at once', async () => {
    const kemar = await buyer('Kemar', 'Brown');
    const answers = await Promise.all([post(kemar, { ...review, title: 'One' }), post(kemar, { ...review, title: 'Two' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const rows = await shop.database.handle.db.selectFrom('reviews').select('id').where('user_id', '=', kemar.userId).execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ ...review, rating: 0 }, 'rating 0'],
    [{ ...review, rating: 6 }, 'rating 6'],
    [{ ...review, rating: 4.5 }, 'half a star'],
    [{ ...review, fit: 'huge' }, 'an unknown fit'],
    [{ ...review, title: '   ' }, 'a blank title'],
    [{ ...review, title: 'x'.repeat(121) }, 'a title too long'],
    [{ ...review, body: 'y'.repeat(4001) }, 'a body too long'],
    [{ ...review, body: 'nul \u0000 here' }, 'a NUL'],
  ])('refuses %o (%s) with 400', async (body) => {
    const shopper = await buyer();
    expect((await post(shopper, body)).statusCode).toBe(400);
  });
});

describe('reviews shoppers see', () => {
  it('lists only approved reviews, newest first, with the summary and the product rating', async () => {
    const { db } = shop.database.handle;
    const categoryId = await createCategory(db, { name: 'Sneakers' });
    const sneaker = (
      await createProduct(db, {
        name: 'Trench Town Runner',
        categoryId,
        price: 900_000,
        variants: [{ size: '42', color: 'White', stock: 9 }],
      })
    ).id;
    const posted: number[] = [];
    for (const [rating, fit] of [
      [5, 'small'],
      [4, 'small'],
      [2, 'large'],
      [5, 'small'],
      [3, 'true_to_size'],
      [1, 'small'],
    ] as const) {
      const shopper = await buyer('Shanice', 'Reid', sneaker);
      const answer = await post(shopper, { ...review, rating, fit }, sneaker);
      expect(answer.statusCode).toBe(201);
      posted.push(answer.json().id);
    }
    expect(await listed(sneaker)).toMatchObject({ count: 0, results: [], summary: { average: null, count: 0 } });

    // The last one rejected, the others approved.
    for (const id of posted.slice(0, 5)) expect((await moderate(id, { status: 'approved' })).statusCode).toBe(200);
    expect((await moderate(posted[5] ?? 0, { status: 'rejected' })).statusCode).toBe(200);

    const list = await listed(sneaker);
    expect(list.count).toBe(5);
    expect(list.results.map((entry: { id: number }) => entry.id)).toEqual(posted.slice(0, 5).reverse());
    expect(list.summary).toEqual({
      average: 3.8,
      count: 5,
      distribution: { 1: 0, 2: 1, 3: 1, 4: 1, 5: 2 },
      fit: { small: 3, true_to_size: 1, large: 1 },
    });
    expect(list.results[0]).toMatchObject({ author_name: 'Shanice R.', verified_purchase: true, size_bought: 'M', color_bought: 'Green' });

    const product = (await shop.app.inject({ method: 'GET', url: `/api/product/${sneaker}/` })).json().product;
    expect(product).toMatchObject({
      rating_average: 3.8,
      rating_count: 5,
      fit_summary: { small: 3, true_to_size: 1, large: 1, verdict: 'small' },
    });
    const listing = (await shop.app.inject({ method: 'GET', url: '/api/shop/?sort=newest' })).json();
    expect(listing.results.products.find((entry: { id: number }) => entry.id === sneaker)).toMatchObject({
      rating_average: 3.8,
      rating_count: 5,
    });
  });

  it('pages the list ten at a time', async () => {
    const { db } = shop.database.handle;
    const categoryId = await createCategory(db, { name: 'Hats' });
    const hat = (
      await createProduct(db, {
        name: 'Port Royal Bucket Hat',
        categoryId,
        price: 150_000,
        variants: [{ size: null, color: 'Khaki', stock: 30 }],
      })
    ).id;
    for (let index = 0; index < 11; index += 1) {
      const answer = await post(await buyer('Tajay', 'Smith', hat), review, hat);
      await moderate(answer.json().id, { status: 'approved' });
    }
    const first = await listed(hat);
    expect(first).toMatchObject({ count: 11, next: `/api/product/${hat}/reviews/?page=2`, previous: null });
    expect(first.results).toHaveLength(10);
    const second = await listed(hat, 2);
    expect(second).toMatchObject({ count: 11, next: null, previous: `/api/product/${hat}/reviews/?page=1` });
    expect(second.results).toHaveLength(1);
  });

  it('returns hostile text verbatim, as text', async () => {
    const hostile = {
      ...review,
      title: '<script>alert("x")</script>',
      body: '<img src=x onerror=alert(1)> &amp; "quoted" \u202e right-to-left',
    };
    const mallory = await buyer('<b>Mal</b>', 'lory');
    const answer = await post(mallory, hostile);
    expect(answer.statusCode).toBe(201);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    await moderate(answer.json().id, { status: 'approved', reply: '<i>Thanks</i>' });
    const shown = (await listed()).results.find((entry: { id: number }) => entry.id === answer.json().id);
    expect(shown).toMatchObject({ title: hostile.title, body: hostile.body, author_name: '<b>Mal</b> L.', reply: '<i>Thanks</i>' });
  });
});

describe('moderation', () => {
  it('is for staff only: guests 401, customers 403', async () => {
    const guest = await startSession(shop.app);
    const customer = await signUp(shop.app, { email: 'nosy@example.com' });
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/reviews/', headers: guest.headers })).statusCode).toBe(401);
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/reviews/', headers: customer.headers })).statusCode).toBe(403);
    expect((await moderate(1, { status: 'approved' }, guest)).statusCode).toBe(401);
    expect((await moderate(1, { status: 'approved' }, customer)).statusCode).toBe(403);
  });

  it('audits the change, and filters by status', async () => {
    const answer = await post(await buyer('Omar', 'Grant'));
    const id = answer.json().id;
    const changed = await moderate(id, { status: 'approved', reply: 'Glad it fits!' });
    expect(changed.json()).toMatchObject({
      id,
      status: 'approved',
      reply: 'Glad it fits!',
      product: { id: productId, name: 'Blue Mountain Tee' },
    });
    const audit = await shop.app.inject({ method: 'GET', url: `/api/admin/audit/?entity=review&entity_id=${id}`, headers: staff.headers });
    expect(audit.json().results).toEqual([
      expect.objectContaining({
        action: 'moderate',
        before: { status: 'pending', reply: null },
        after: { status: 'approved', reply: 'Glad it fits!' },
      }),
    ]);
    const approved = await shop.app.inject({ method: 'GET', url: '/api/admin/reviews/?status=approved', headers: staff.headers });
    expect(approved.json().results.every((entry: { status: string }) => entry.status === 'approved')).toBe(true);
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/reviews/?status=lost', headers: staff.headers })).statusCode).toBe(400);
    expect((await moderate(999_999, { status: 'approved' })).statusCode).toBe(404);
  });
});

describe('review photos', () => {
  const boundary = '----threadline-review-photo';
  const form = (content: Buffer) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="fit.png"\r\nContent-Type: image/png\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const upload = (who: { headers: Record<string, string> }, reviewId: number, content: Buffer) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/reviews/${reviewId}/photos/`,
      headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: form(content),
    });
  const picture = () =>
    sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#1b7a4b' } })
      .jpeg()
      .toBuffer();

  it('takes at most four photos from the author, re-encoded as WebP', async () => {
    const author = await buyer('Dionne', 'Hall');
    const id = (await post(author)).json().id;
    const stranger = await buyer('Andre', 'Lewis');
    expect((await upload(stranger, id, await picture())).statusCode).toBe(403);
    expect((await upload(await startSession(shop.app), id, await picture())).statusCode).toBe(401);

    const bad = await upload(author, id, Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(reviewMessages.photoInvalid);

    for (let count = 0; count < 4; count += 1) {
      const stored = await upload(author, id, await picture());
      expect(stored.statusCode).toBe(201);
      // Kept at most 1280 px a side.
      expect(stored.json()).toMatchObject({
        width: 1280,
        height: 960,
        image: expect.stringMatching(/^\/static\/media\/reviews\/.+\.webp$/),
      });
    }
    const fifth = await upload(author, id, await picture());
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().error).toBe(reviewMessages.tooManyPhotos);

    await moderate(id, { status: 'approved' });
    const shown = (await listed()).results.find((entry: { id: number }) => entry.id === id);
    expect(shown.photos).toHaveLength(4);
    const file = await shop.app.inject({ method: 'GET', url: shown.photos[0].image });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await sharp(file.rawPayload).metadata()).format).toBe('webp');
  });
  it('keeps a review to four photos when uploads arrive at once', async () => {
    const author = await buyer('Nadine', 'Wright');
    const id = (await post(author)).json().id;
    const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#f5c518' } })
      .png()
      .toBuffer();
    for (let count = 0; count < 2; count += 1) expect((await upload(author, id, small)).statusCode).toBe(201);
    const answers = await Promise.all([0, 1, 2, 3].map(() => upload(author, id, small)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 409, 409]);
    const stored = await shop.database.handle.db.selectFrom('review_photos').select('id').where('review_id', '=', id).execute();
    expect(stored).toHaveLength(4);
  });
});
