import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '@threadline/contracts';
import { buildApp } from '../app.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { ensureSeedMedia, placeholderPath } from '../db/seed/media.ts';
import { createCategory, createProduct } from '../../test/factories.ts';
import { createTestShop, signInStaff, signUp, type SignedInShopper, type TestShop } from '../../test/helper.ts';
import { startS3StandIn, type S3StandIn } from '../../test/s3-stand-in.ts';

/** One multipart file part, as a browser's form sends it. */
function form(field: string, content: Buffer, extra: Record<string, string> = {}) {
  const boundary = '----threadline-s3-boundary';
  const parts = Object.entries(extra).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  return {
    payload: Buffer.concat([
      ...parts,
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1b7a4b' } })
    .png()
    .toBuffer();

describe('media in an S3 bucket (MEDIA_STORE=s3)', () => {
  let standIn: S3StandIn;
  let shop: TestShop;
  let staff: SignedInShopper;
  // Another machine: its own process state and database connection, the same database and bucket.
  let secondDatabase: DatabaseHandle;
  let second: FastifyInstance;
  let categoryId = 0;

  beforeAll(async () => {
    standIn = await startS3StandIn();
    shop = await createTestShop({ seed: false, environment: standIn.environment });
    categoryId = await createCategory(shop.database.handle.db, { name: 'Tees', slug: 'tees' });
    await shop.ready();
    staff = await signInStaff(shop);
    secondDatabase = openDatabase(shop.database.url);
    second = await buildApp({ config: shop.config, database: secondDatabase });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await secondDatabase.close();
    await shop.close();
    await standIn.close();
  });

  it('stores an uploaded product picture in the bucket, served through the shop by every machine', async () => {
    const { id } = await createProduct(shop.database.handle.db, { name: 'Harbour Tee', categoryId, price: 250_000, images: 0 });
    const body = form('file', await picture(1200, 800), { alt_text: 'Harbour Tee, folded' });
    const answer = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/products/${id}/images/`,
      headers: { ...staff.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(answer.statusCode).toBe(201);
    const uploaded = answer.json();
    expect(uploaded.image).toMatch(/^\/static\/media\/products\/uploads\/\d+-[0-9a-f]{16}-640\.webp$/);

    for (const app of [shop.app, second]) {
      const served = await app.inject({ method: 'GET', url: uploaded.image });
      expect(served.statusCode).toBe(200);
      expect(served.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=86400',
        'x-content-type-options': 'nosniff',
      });
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 427 });
      // A browser's copy is confirmed without the bytes being sent again.
      const again = await app.inject({ method: 'GET', url: uploaded.image, headers: { 'if-none-match': String(served.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    const shown = (await second.inject({ method: 'GET', url: `/api/product/${id}/` })).json().product.images;
    expect(shown.map((image: { image: string }) => image.image)).toEqual([uploaded.image]);

    // Deleted through the second machine: gone from the bucket for the first as well.
    expect((await second.inject({ method: 'DELETE', url: `/api/admin/images/${uploaded.id}/`, headers: staff.headers })).statusCode).toBe(
      200,
    );
    for (const width of [320, 640, 960]) {
      expect(await shop.app.media.store.exists(uploaded.image.replace('/static/media/', '').replace('-640.webp', `-${width}.webp`))).toBe(
        false,
      );
    }
  });

  it('keeps profile pictures in the bucket, and the old one goes when a new one comes', async () => {
    const ayesha = await signUp(shop.app, { email: 'ayesha@example.com' });
    const put = async () => {
      const body = form('profile_picture', await picture(600, 600));
      const answer = await shop.app.inject({
        method: 'PUT',
        url: '/api/users/profile/',
        headers: { ...ayesha.headers, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(answer.statusCode).toBe(200);
      return String(answer.json().user.profile_picture);
    };
    const first = await put();
    const served = await second.inject({ method: 'GET', url: first });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    const replaced = await put();
    expect(replaced).not.toBe(first);
    expect(await shop.app.media.store.exists(first.replace('/static/media/', ''))).toBe(false);
  });

  it('renders the seed images into the bucket once, and shows the placeholder for a missing picture', async () => {
    const only = (path: string) => path === placeholderPath;
    expect(await ensureSeedMedia(shop.app.media.store, shop.database.handle.db, { only })).toEqual({ rendered: 1, upToDate: 0 });
    expect(await ensureSeedMedia(second.media.store, secondDatabase.db, { only })).toEqual({ rendered: 0, upToDate: 1 });
    const missing = await second.inject({ method: 'GET', url: '/static/media/products/gone-640.webp' });
    expect(missing.statusCode).toBe(200);
    expect(missing.headers['cache-control']).toBe('no-cache');
    expect(await sharp(missing.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640 });
  });

  it('answers 404 for a missing file that is no picture, and for a key that would leave the bucket', async () => {
    for (const url of [
      '/static/media/notes.txt',
      '/static/media/..%2F..%2Fsecret.key',
      '/static/media/%2e%2e/%2e%2e/secret.key',
      '/static/media/.env',
    ]) {
      const answer = await second.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toEqual({ error: serverMessages.notFound, request_id: expect.any(String) });
    }
  });
});

describe('media at a CDN or bucket address (MEDIA_PUBLIC_URL)', () => {
  let standIn: S3StandIn;
  let shop: TestShop;

  beforeAll(async () => {
    standIn = await startS3StandIn();
    // The stand-in serves its bucket at {endpoint}/{bucket}/{key}, as a CDN in front of it would at its own address.
    const bucketUrl = `${standIn.environment.S3_ENDPOINT}/${standIn.store.bucket}`;
    shop = await createTestShop({ seed: false, environment: { ...standIn.environment, MEDIA_PUBLIC_URL: bucketUrl } });
    const categoryId = await createCategory(shop.database.handle.db, { name: 'Tees', slug: 'tees' });
    await createProduct(shop.database.handle.db, { name: 'Harbour Tee', categoryId, price: 250_000, images: 1 });
    await shop.ready();
  });
  afterAll(async () => {
    await shop.close();
    await standIn.close();
  });

  it('points picture URLs at that address, which serves the stored file with the same cache header, and lets pages load them', async () => {
    await ensureSeedMedia(shop.app.media.store, shop.database.handle.db, { only: (path) => path === placeholderPath });
    const base = shop.config.media.publicUrl;
    const [product] = (await shop.app.inject({ method: 'GET', url: '/api/shop/' })).json().results.products;
    expect(product.images[0].image).toMatch(new RegExp(`^${base}/products/.+-640\\.webp$`));
    expect(product.images[0].srcset).toContain(`${base}/`);

    const direct = await fetch(`${base}/placeholder-640.webp`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('image/webp');
    expect(direct.headers.get('cache-control')).toBe('public, max-age=86400');

    const page = await shop.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain(`img-src 'self' data: blob: ${new URL(String(base)).origin}`);
  });
});
