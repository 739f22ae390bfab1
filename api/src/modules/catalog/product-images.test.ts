import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages, productImageLimits, profilePictureLimits, stockMessages } from '@threadline/contracts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import {
  createTestShop,
  mediaDirectoryOf,
  signInStaff,
  signUp,
  startSession,
  type SignedInShopper,
  type TestShop,
} from '../../../test/helper.ts';

const boundary = '----threadline-picture-boundary';

/** A multipart form: text fields, then the parts given, closed or cut off after the last. */
function form(parts: { name: string; content: Buffer | string; filename?: string }[], { complete = true } = {}) {
  return {
    payload: Buffer.concat([
      ...parts.flatMap(({ name, content, filename }) => [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: application/octet-stream` : ''}\r\n\r\n`,
        ),
        Buffer.isBuffer(content) ? content : Buffer.from(content),
        Buffer.from('\r\n'),
      ]),
      Buffer.from(complete ? `--${boundary}--\r\n` : ''),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const picture = (width: number, height: number, format: 'png' | 'jpeg' = 'png') => {
  const image = sharp({ create: { width, height, channels: 3, background: '#1b7a4b' } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
};

describe('product pictures in the back office', () => {
  let shop: TestShop;
  let staff: SignedInShopper;
  let categoryId = 0;
  const db = () => shop.database.handle.db;
  const mediaFiles = () =>
    readdirSync(join(mediaDirectoryOf(shop), 'products', 'uploads'), { recursive: false })
      .map(String)
      .sort();

  beforeAll(async () => {
    shop = await createTestShop({ seed: false });
    categoryId = await createCategory(db(), { name: 'Tees', slug: 'tees' });
    await shop.ready();
    staff = await signInStaff(shop, 'staff', 'marcia@threadline.test');
  });
  afterAll(() => shop.close());

  const product = (images = 2) => createProduct(db(), { name: 'Harbour Tee', categoryId, price: 250_000, images });
  const upload = (productId: number | string, body: ReturnType<typeof form>, headers = staff.headers) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/admin/products/${productId}/images/`,
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  const imagesOf = async (productId: number) =>
    (await shop.app.inject({ method: 'GET', url: `/api/admin/products/${productId}/images/`, headers: staff.headers })).json();
  const storefront = async (productId: number) => (await shop.app.inject({ method: 'GET', url: `/api/product/${productId}/` })).json();
  const auditOf = async (imageId: number) =>
    (await shop.app.inject({ method: 'GET', url: `/api/admin/audit/?entity=image&entity_id=${imageId}`, headers: staff.headers })).json()
      .results;

  it('refuses guests (401) and customers (403) on every picture call', async () => {
    const { id } = await product();
    const [first] = (await imagesOf(id)).images;
    const guest = await startSession(shop.app);
    const customer = await signUp(shop.app, { email: 'shopper@example.com' });
    for (const [headers, status] of [
      [guest.headers, 401],
      [customer.headers, 403],
    ] as const) {
      expect((await upload(id, form([{ name: 'file', content: await picture(20, 20), filename: 'a.png' }]), headers)).statusCode).toBe(
        status,
      );
      expect((await shop.app.inject({ method: 'GET', url: `/api/admin/products/${id}/images/`, headers })).statusCode).toBe(status);
      expect(
        (await shop.app.inject({ method: 'PUT', url: `/api/admin/products/${id}/images/order/`, headers, payload: { ids: [] } }))
          .statusCode,
      ).toBe(status);
      expect(
        (await shop.app.inject({ method: 'PATCH', url: `/api/admin/images/${first.id}/`, headers, payload: { alt_text: 'x' } })).statusCode,
      ).toBe(status);
      expect((await shop.app.inject({ method: 'DELETE', url: `/api/admin/images/${first.id}/`, headers })).statusCode).toBe(status);
    }
    expect((await imagesOf(id)).images).toHaveLength(2);
  });

  it('re-encodes an upload to WebP at every storefront width, upright and without metadata, last in the order', async () => {
    const { id } = await product();
    // A 1200x800 JPEG whose EXIF says "turn me a quarter": stored upright, 800 wide at most 960.
    const sideways = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c0392b' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Secret camera' } } })
      .toBuffer();
    const answer = await upload(
      id,
      form([
        { name: 'alt_text', content: 'Harbour Tee, folded' },
        { name: 'file', content: sideways, filename: 'IMG_0001.JPG' },
      ]),
    );
    expect(answer.statusCode).toBe(201);
    const image = answer.json();
    expect(image).toMatchObject({ position: 2, alt_text: 'Harbour Tee, folded', width: 800, height: 1200, color: null });
    expect(image.image).toMatch(/^\/static\/media\/products\/uploads\/\d+-[0-9a-f]{16}-640\.webp$/);
    const path = image.image.replace('/static/media/', '').replace(/-640\.webp$/, '');
    expect(image.srcset).toBe([320, 640, 960].map((width) => `/static/media/${path}-${width}.webp ${width}w`).join(', '));
    for (const width of [320, 640, 800]) {
      const file = join(mediaDirectoryOf(shop), `${path}-${width === 800 ? 960 : width}.webp`);
      const metadata = await sharp(file).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
    }
    const served = await shop.app.inject({ method: 'GET', url: image.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    expect((await storefront(id)).product.images.map((shown: { alt_text: string }) => shown.alt_text)).toEqual([
      'Harbour Tee, view 1',
      'Harbour Tee, view 2',
      'Harbour Tee, folded',
    ]);
    expect(await auditOf(image.id)).toMatchObject([
      { action: 'create', entity: 'image', before: null, after: { product_id: id, alt_text: 'Harbour Tee, folded', position: 2 } },
    ]);
  });

  it('refuses what is no picture by its content, whatever its name, and leaves no file behind', async () => {
    const { id } = await product(0);
    const before = mediaFilesOrNone();
    for (const content of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('%PDF-1.4 not a picture'),
      Buffer.from(''),
    ]) {
      const answer = await upload(id, form([{ name: 'file', content, filename: 'photo.png' }]));
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ error: stockMessages.imageInvalid, request_id: expect.any(String) });
    }
    expect((await upload(id, form([{ name: 'alt_text', content: 'No file' }]))).json()).toEqual({
      error: stockMessages.imageMissing,
      request_id: expect.any(String),
    });
    expect(
      (await shop.app.inject({ method: 'POST', url: `/api/admin/products/${id}/images/`, headers: staff.headers, payload: { file: 'x' } }))
        .statusCode,
    ).toBe(400);
    const cut = await upload(
      id,
      form([{ name: 'file', content: (await picture(64, 64)).subarray(0, 40), filename: 'a.png' }], { complete: false }),
    );
    expect(cut.statusCode).toBe(400);
    expect(mediaFilesOrNone()).toEqual(before);
    expect((await imagesOf(id)).images).toEqual([]);
  });

  function mediaFilesOrNone() {
    try {
      return mediaFiles();
    } catch {
      return [];
    }
  }

  it('refuses a picture over the size limits with 413 naming them', async () => {
    const { id } = await product(0);
    const tooLarge = {
      error: stockMessages.imageTooLarge(productImageLimits.megabytes, productImageLimits.megapixels),
      request_id: expect.any(String),
    };
    const manyPixels = await picture(8000, 6000); // 48 megapixels of one colour: small as a file
    const refused = await upload(id, form([{ name: 'file', content: manyPixels, filename: 'big.png' }]));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual(tooLarge);
    const bigFile = Buffer.concat([await picture(10, 10), Buffer.alloc(productImageLimits.megabytes * 1024 * 1024 + 1)]);
    const overBytes = await upload(id, form([{ name: 'file', content: bigFile, filename: 'big.png' }]));
    expect(overBytes.statusCode).toBe(413);
    expect(overBytes.json()).toEqual(tooLarge);
    expect((await imagesOf(id)).images).toEqual([]);
  });

  it('takes a picture over the app-wide multipart limit (the profile picture one): the route sets its own', async () => {
    const { id } = await product(0);
    // Noise does not compress: about 10 MB of PNG, over the app-wide 8 MB multipart limit.
    const side = 1850;
    const noise = Buffer.alloc(side * side * 3);
    for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 2654435761) >>> 24;
    const large = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(large.length).toBeGreaterThan(profilePictureLimits.megabytes * 1024 * 1024);
    const answer = await upload(id, form([{ name: 'file', content: large, filename: 'large.png' }]));
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ width: 960, height: 960 });
  });

  it('answers 404 for a product or picture that does not exist, 400 for a bad id or alt text', async () => {
    expect((await upload(999_999, form([{ name: 'file', content: await picture(20, 20), filename: 'a.png' }]))).json()).toEqual({
      error: serverMessages.productNotFound,
      request_id: expect.any(String),
    });
    expect(
      (await shop.app.inject({ method: 'PATCH', url: '/api/admin/images/999999/', headers: staff.headers, payload: { alt_text: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect((await shop.app.inject({ method: 'DELETE', url: '/api/admin/images/999999/', headers: staff.headers })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'DELETE', url: '/api/admin/images/abc/', headers: staff.headers })).statusCode).toBe(400);
    const { id } = await product(1);
    const [first] = (await imagesOf(id)).images;
    expect(
      (
        await shop.app.inject({
          method: 'PATCH',
          url: `/api/admin/images/${first.id}/`,
          headers: staff.headers,
          payload: { alt_text: 'x'.repeat(201) },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await shop.app.inject({
          method: 'PATCH',
          url: `/api/admin/images/${first.id}/`,
          headers: staff.headers,
          payload: { alt_text: 'a\u0000b' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await upload(
          id,
          form([
            { name: 'alt_text', content: 'x'.repeat(201) },
            { name: 'file', content: await picture(20, 20), filename: 'a.png' },
          ]),
        )
      ).statusCode,
    ).toBe(400);
  });

  it('puts the pictures in the order given, the first becoming the storefront main picture', async () => {
    const { id } = await product(3);
    const ids = (await imagesOf(id)).images.map((image: { id: number }) => image.id);
    const reorder = (order: unknown[]) =>
      shop.app.inject({ method: 'PUT', url: `/api/admin/products/${id}/images/order/`, headers: staff.headers, payload: { ids: order } });
    for (const wrong of [
      [ids[0], ids[1]],
      [...ids, 999_999],
      [ids[0], ids[0], ids[1]],
      [ids[2], ids[1], 999_999],
    ]) {
      const refused = await reorder(wrong);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: stockMessages.orderMismatch, request_id: expect.any(String) });
    }
    expect((await reorder(['x'])).statusCode).toBe(400);
    const moved = await reorder([ids[2], ids[0], ids[1]]);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().images.map((image: { id: number }) => image.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect((await storefront(id)).product.images[0].alt_text).toBe('Harbour Tee, view 3');
    expect(await auditOf(ids[2])).toMatchObject([{ action: 'move', before: { position: 2 }, after: { position: 0 } }]);
  });

  it('changes a picture alt text and deletes a picture with its files', async () => {
    const { id } = await product(1);
    const uploaded = (await upload(id, form([{ name: 'file', content: await picture(400, 400, 'jpeg'), filename: 'a.jpg' }]))).json();
    const described = await shop.app.inject({
      method: 'PATCH',
      url: `/api/admin/images/${uploaded.id}/`,
      headers: staff.headers,
      payload: { alt_text: '  Harbour Tee on the beach ' },
    });
    expect(described.statusCode).toBe(200);
    expect(described.json().alt_text).toBe('Harbour Tee on the beach');
    expect((await storefront(id)).product.images[1].alt_text).toBe('Harbour Tee on the beach');

    const path = uploaded.image.replace('/static/media/products/uploads/', '').replace(/-640\.webp$/, '');
    expect(mediaFiles().filter((file) => file.startsWith(path))).toHaveLength(3);
    const deleted = await shop.app.inject({ method: 'DELETE', url: `/api/admin/images/${uploaded.id}/`, headers: staff.headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });
    expect(mediaFiles().filter((file) => file.startsWith(path))).toEqual([]);
    expect((await storefront(id)).product.images).toHaveLength(1);
    expect((await auditOf(uploaded.id)).map((entry: { action: string }) => entry.action)).toEqual(['delete', 'update', 'create']);
    expect((await auditOf(uploaded.id))[0]).toMatchObject({ before: { alt_text: 'Harbour Tee on the beach' }, after: null });
  });

  it('keeps positions apart and at most the limit when uploads to one product run at once', async () => {
    const { id } = await product(productImageLimits.perProduct - 3);
    const small = await picture(32, 32);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => upload(id, form([{ name: 'file', content: small, filename: 'a.png' }]))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 409, 409]);
    const { images } = await imagesOf(id);
    expect(images).toHaveLength(productImageLimits.perProduct);
    expect(new Set(images.map((image: { position: number }) => image.position)).size).toBe(productImageLimits.perProduct);
    const kept = new Set(
      answers
        .filter((answer) => answer.statusCode === 201)
        .map((answer) =>
          answer
            .json()
            .image.split('/')
            .pop()
            .replace(/-640\.webp$/, ''),
        ),
    );
    const onDisk = new Set(
      mediaFiles()
        .filter((file) => file.startsWith(`${id}-`))
        .map((file) => file.replace(/-\d+\.webp$/, '')),
    );
    expect(onDisk).toEqual(kept);
  });

  it("ties a picture to one of the product's colours, on upload or later, and the product page shows it for that colour", async () => {
    const { id } = await createProduct(db(), {
      name: 'Colour Tee',
      categoryId,
      price: 250_000,
      images: 1,
      variants: [
        { size: 'M', color: 'Black', stock: 2 },
        { size: 'M', color: 'Red', stock: 2 },
      ],
    });
    const uploaded = await upload(
      id,
      form([
        { name: 'color', content: 'black' },
        { name: 'file', content: await picture(800, 800), filename: 'black.png' },
      ]),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().color).toBe('Black');
    const [first] = (await imagesOf(id)).images;

    const change = (imageId: number, body: object) =>
      shop.app.inject({ method: 'PATCH', url: `/api/admin/images/${imageId}/`, headers: staff.headers, payload: body });
    const red = await change(first.id, { color: 'Red' });
    expect(red.statusCode, red.body).toBe(200);
    expect(red.json()).toMatchObject({ color: 'Red', alt_text: first.alt_text });
    expect((await storefront(id)).product.images.map((image: { color: string | null }) => image.color)).toEqual(['Red', 'Black']);
    expect((await auditOf(first.id))[0]).toMatchObject({ before: { color: null }, after: { color: 'Red' } });

    const unknown = await change(first.id, { color: 'Green' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(`color: ${stockMessages.imageColorUnknown('Green')}`);
    expect(
      (
        await upload(
          id,
          form([
            { name: 'color', content: 'Green' },
            { name: 'file', content: await picture(800, 800), filename: 'g.png' },
          ]),
        )
      ).statusCode,
    ).toBe(400);
    expect((await change(first.id, { color: null })).json().color).toBeNull();
    expect((await change(first.id, { alt_text: 'Front' })).json()).toMatchObject({ alt_text: 'Front', color: null });
  });
});
