import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, serverMessages } from '@threadline/contracts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { createTestShop, signUp, startSession, type SignedInShopper, type TestShop } from '../../../test/helper.ts';

let shop: TestShop;
let ayesha: SignedInShopper;
let devon: SignedInShopper;
let capId = 0;

beforeAll(async () => {
  // Every sign-up here comes from one address.
  shop = await createTestShop({ seed: false, environment: { RATE_LIMIT_SCALE: '10' } });
  await shop.ready();
  ayesha = await signUp(shop.app, { email: 'ayesha@example.com' });
  devon = await signUp(shop.app, { email: 'devon@example.com', first_name: 'Devon' });
  const category = await createCategory(shop.database.handle.db, { name: 'Hats', slug: 'hats' });
  capId = (await createProduct(shop.database.handle.db, { name: 'Irie Cap', categoryId: category, price: 300_000 })).id;
});
afterAll(() => shop.close());

const call = (shopper: SignedInShopper, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  shop.app.inject({ method, url, headers: shopper.headers, ...(payload ? { payload } : {}) });

function multipart(fields: Record<string, string>, file?: { name: string; type: string; content: Buffer }) {
  const boundary = '----threadline-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profile_picture"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('profile', () => {
  it('answers the signed-in customer and updates only non-empty fields', async () => {
    const before = (await call(ayesha, 'GET', '/api/users/profile/')).json();
    expect(before).toMatchObject({ email: 'ayesha@example.com', first_name: 'Ayesha', phone: '' });
    const updated = await call(ayesha, 'PUT', '/api/users/profile/', {
      first_name: 'Ayeisha',
      last_name: '',
      phone: '+1 876 555 0100',
      date_of_birth: '1994-05-17',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      success: true,
      message: messages.profileUpdated,
      user: { first_name: 'Ayeisha', last_name: 'Campbell', phone: '+1 876 555 0100', date_of_birth: '1994-05-17' },
    });
  });

  it('clears the phone and date of birth sent empty, by JSON and by multipart, and keeps an empty name as it is', async () => {
    await call(devon, 'PUT', '/api/users/profile/', { phone: '876 555 0199', date_of_birth: '1990-01-02' });
    const cleared = await call(devon, 'PUT', '/api/users/profile/', { first_name: '', phone: '', date_of_birth: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().user).toMatchObject({ first_name: 'Devon', phone: '', date_of_birth: null });
    expect((await call(devon, 'GET', '/api/users/profile/')).json()).toMatchObject({ phone: '', date_of_birth: null });

    await call(devon, 'PUT', '/api/users/profile/', { phone: '876 555 0199', date_of_birth: '1990-01-02' });
    const form = multipart({ first_name: 'Devon', phone: ' ', date_of_birth: '' });
    const byForm = await shop.app.inject({
      method: 'PUT',
      url: '/api/users/profile/',
      headers: { ...devon.headers, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(byForm.statusCode).toBe(200);
    expect(byForm.json().user).toMatchObject({ phone: '', date_of_birth: null });
  });

  it("refuses another customer's e-mail and a bad date", async () => {
    const taken = await call(ayesha, 'PUT', '/api/users/profile/', { email: 'DEVON@example.com' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ error: serverMessages.profileEmailTaken, request_id: expect.any(String) });
    expect((await call(ayesha, 'PUT', '/api/users/profile/', { date_of_birth: '17/05/1994' })).statusCode).toBe(400);
  });

  it('takes a picture by multipart, re-encoded as a 512px WebP', async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#1b7a4b' } })
      .jpeg()
      .toBuffer();
    const form = multipart({ first_name: 'Ayesha' }, { name: 'me.jpg', type: 'image/jpeg', content: photo });
    const response = await shop.app.inject({
      method: 'PUT',
      url: '/api/users/profile/',
      headers: { ...ayesha.headers, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    const picture: string = response.json().user.profile_picture;
    expect(picture).toMatch(/^\/static\/media\/profiles\/\d+-[0-9a-f]+\.webp$/);
    const served = await shop.app.inject({ method: 'GET', url: picture });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const form = multipart({}, { name: 'holiday.png', type: 'image/png', content: Buffer.from('#!/bin/sh\necho not a picture\n') });
    const response = await shop.app.inject({
      method: 'PUT',
      url: '/api/users/profile/',
      headers: { ...ayesha.headers, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: messages.profilePictureInvalid, request_id: expect.any(String) });
  });
});

describe('addresses', () => {
  const home = {
    label: 'Home',
    street_address: '12 Hope Road',
    apartment: 'Apt 3',
    city: 'Kingston',
    state: 'St. Andrew',
    postal_code: 'JMAAW06',
    country: 'Jamaica',
  };

  it('makes the first address the default, and keeps exactly one default', async () => {
    const first = await call(ayesha, 'POST', '/api/users/addresses/', home);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ success: true, message: messages.addressAdded, address: { label: 'Home', is_default: true } });
    const work = await call(ayesha, 'POST', '/api/users/addresses/', { ...home, label: 'Work', street_address: '1 Knutsford Blvd' });
    expect(work.json().address.is_default).toBe(false);
    const workId = work.json().address.id;
    const setDefault = await call(ayesha, 'POST', `/api/users/addresses/${workId}/set-default/`);
    expect(setDefault.json().message).toBe(messages.addressSetDefault);
    expect(setDefault.json().addresses.map((entry: { label: string; is_default: boolean }) => [entry.label, entry.is_default])).toEqual([
      ['Work', true],
      ['Home', false],
    ]);
    const removed = await call(ayesha, 'DELETE', `/api/users/addresses/${workId}/`);
    expect(removed.json()).toMatchObject({ message: messages.addressDeleted, addresses: [{ label: 'Home', is_default: true }] });
  });

  it('edits an address and requires street, city and country', async () => {
    const { addresses } = (await call(ayesha, 'GET', '/api/users/addresses/')).json();
    const id = addresses[0].id;
    const edited = await call(ayesha, 'PUT', `/api/users/addresses/${id}/`, { ...home, city: 'Half Way Tree' });
    expect(edited.json()).toMatchObject({ message: messages.addressUpdated, address: { city: 'Half Way Tree', is_default: true } });
    const missing = await call(ayesha, 'POST', '/api/users/addresses/', { ...home, street_address: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain('Street address is required');
  });

  it("treats another customer's address as not found", async () => {
    const { addresses } = (await call(ayesha, 'GET', '/api/users/addresses/')).json();
    const id = addresses[0].id;
    for (const [method, url, body] of [
      ['PUT', `/api/users/addresses/${id}/`, home],
      ['DELETE', `/api/users/addresses/${id}/`, undefined],
      ['POST', `/api/users/addresses/${id}/set-default/`, undefined],
    ] as const) {
      const response = await call(devon, method, url, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: serverMessages.addressNotFound, request_id: expect.any(String) });
    }
    expect((await call(devon, 'GET', '/api/users/addresses/')).json()).toEqual({ addresses: [] });
  });
});

describe('account changes at once', () => {
  const place = (label: string) => ({
    label,
    street_address: `${label} Road`,
    apartment: '',
    city: 'Kingston',
    state: 'St. Andrew',
    postal_code: '',
    country: 'Jamaica',
  });

  it('set-default calls at once all succeed and leave exactly one default', async () => {
    const busy = await signUp(shop.app, { email: 'busy@example.com' });
    const ids: number[] = [];
    for (const label of ['Home', 'Work', 'Gran'])
      ids.push((await call(busy, 'POST', '/api/users/addresses/', place(label))).json().address.id);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, n) => call(busy, 'POST', `/api/users/addresses/${ids[n % ids.length]}/set-default/`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const { addresses } = (await call(busy, 'GET', '/api/users/addresses/')).json();
    expect(addresses.filter((entry: { is_default: boolean }) => entry.is_default)).toHaveLength(1);
  });

  it('first addresses added at once make exactly one default', async () => {
    const mover = await signUp(shop.app, { email: 'mover@example.com' });
    const answers = await Promise.all(
      ['Home', 'Work', 'Gran', 'Yard'].map((label) => call(mover, 'POST', '/api/users/addresses/', place(label))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    const { addresses } = (await call(mover, 'GET', '/api/users/addresses/')).json();
    expect(addresses.filter((entry: { is_default: boolean }) => entry.is_default)).toHaveLength(1);
  });

  it('customers changing to one new e-mail at once: one gets it, the others are told it is in use', async () => {
    const shoppers = await Promise.all([1, 2, 3, 4, 5].map((n) => signUp(shop.app, { email: `changer-${n}@example.com` })));
    const answers = await Promise.all(
      shoppers.map((shopper) => call(shopper, 'PUT', '/api/users/profile/', { email: 'wanted@example.com' })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused.map((answer) => [answer.statusCode, answer.json()])).toEqual(
      refused.map(() => [400, { error: serverMessages.profileEmailTaken, request_id: expect.any(String) }]),
    );
  });

  it('one e-mail signed up twice at once: one account, and the existing-account message', async () => {
    const sessions = await Promise.all([1, 2, 3].map(() => startSession(shop.app)));
    const answers = await Promise.all(
      sessions.map(({ headers }) =>
        shop.app.inject({
          method: 'POST',
          url: '/api/users/auth/register/',
          headers,
          payload: {
            first_name: 'Twin',
            last_name: 'Brown',
            email: 'twin@example.com',
            password1: 'island-breeze-42',
            password2: 'island-breeze-42',
          },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400, 400]);
    expect(answers.filter((answer) => answer.statusCode === 400).map((answer) => answer.json())).toEqual([
      { error: messages.emailTaken, request_id: expect.any(String) },
      { error: messages.emailTaken, request_id: expect.any(String) },
    ]);
  });
});

describe('wishlist', () => {
  it('toggles a product on and off, per customer', async () => {
    const added = await call(ayesha, 'POST', '/api/users/wishlist/toggle/', { product_id: capId });
    expect(added.json()).toEqual({ success: true, message: messages.wishlistAdded, in_wishlist: true });
    const list = (await call(ayesha, 'GET', '/api/users/wishlist/')).json();
    expect(list).toHaveLength(1);
    expect(list[0].product).toMatchObject({ id: capId, name: 'Irie Cap', price: 3000 });
    expect(list[0].product.images[0].image).toMatch(/^\/static\/media\//);
    expect((await call(devon, 'GET', '/api/users/wishlist/')).json()).toEqual([]);
    const removed = await call(ayesha, 'POST', '/api/users/wishlist/toggle/', { product_id: capId });
    expect(removed.json()).toEqual({ success: true, message: messages.wishlistRemoved, in_wishlist: false });
  });

  it('says which saved products need a size or colour chosen before they can go in the cart', async () => {
    const category = await createCategory(shop.database.handle.db, { name: 'Shoes', slug: 'shoes' });
    const runner = await createProduct(shop.database.handle.db, {
      name: 'Kingston Runner',
      categoryId: category,
      price: 900_000,
      variants: [
        { size: '9', color: 'Black', stock: 3 },
        { size: '10', color: 'Black', stock: 3 },
      ],
    });
    const tote = await createProduct(shop.database.handle.db, {
      name: 'Market Tote',
      categoryId: category,
      price: 200_000,
      variants: [{ color: 'Natural', stock: 4 }],
    });
    for (const productId of [capId, runner.id, tote.id])
      await call(devon, 'POST', '/api/users/wishlist/toggle/', { product_id: productId });
    const list: { product: { name: string }; has_options: boolean }[] = (await call(devon, 'GET', '/api/users/wishlist/')).json();
    expect(list.map((item) => [item.product.name, item.has_options])).toEqual([
      ['Market Tote', true],
      ['Kingston Runner', true],
      ['Irie Cap', false],
    ]);
  });

  it('refuses an unknown product and a guest', async () => {
    expect((await call(ayesha, 'POST', '/api/users/wishlist/toggle/', { product_id: 999_999 })).statusCode).toBe(404);
    const guest = await shop.app.inject({ method: 'GET', url: '/api/users/wishlist/' });
    expect(guest.statusCode).toBe(401);
  });
});
