import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages, productImageLimits, profilePictureLimits, stockMessages } from '@threadline/contracts';
import { createCategory, createProduct } from '../../test/factories.ts';
import { createTestShop, signInStaff, signUp, type SignedInShopper, type TestShop } from '../../test/helper.ts';

const boundary = '----threadline-memory-boundary';

function form(field: string, content: Buffer) {
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="camera.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * A camera-sized picture: the pixels, not the bytes, are what decoding costs, so one colour (a few
 * hundred kilobytes) stands for a photograph of the same size.
 */
const cameraPicture = (width: number, height: number, format: 'jpeg' | 'png'): Promise<Buffer> => {
  const image = sharp({ create: { width, height, channels: 3, background: '#1b7a4b' } });
  return (format === 'jpeg' ? image.jpeg({ quality: 80 }) : image.png({ compressionLevel: 9 })).toBuffer();
};

/** The process's highest resident memory while `work` runs, sampled as often as the event loop lets it. */
async function peakRssDuring<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - before) / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}

describe('memory of picture uploads', () => {
  let shop: TestShop;
  let staff: SignedInShopper;
  let categoryId = 0;

  beforeAll(async () => {
    shop = await createTestShop({ seed: false });
    categoryId = await createCategory(shop.database.handle.db, { name: 'Tees', slug: 'tees' });
    await shop.ready();
    staff = await signInStaff(shop, 'staff', 'marcia@threadline.test');
  });
  afterAll(() => shop.close());

  const uploadProductPicture = async (picture: Buffer) => {
    const { id } = await createProduct(shop.database.handle.db, { name: 'Harbour Tee', categoryId, price: 250_000, images: 0 });
    const body = form('file', picture);
    return shop.app.inject({
      method: 'POST',
      url: `/api/admin/products/${id}/images/`,
      headers: { ...staff.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const uploadProfilePicture = async (shopper: SignedInShopper, picture: Buffer) => {
    const body = form('profile_picture', picture);
    return shop.app.inject({
      method: 'PUT',
      url: '/api/users/profile/',
      headers: { ...shopper.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  it('keeps resident memory bounded while eight pictures near the pixel limit are uploaded at once', async () => {
    // 7728 x 5152 is a 40-megapixel camera's picture, just under the product limit; 5984 x 3992 one of 24.
    const [product, productPng, profile] = await Promise.all([
      cameraPicture(7728, 5152, 'jpeg'),
      cameraPicture(7728, 5152, 'png'),
      cameraPicture(5984, 3992, 'jpeg'),
    ]);
    expect(7728 * 5152).toBeLessThanOrEqual(productImageLimits.megapixels * 1_000_000);
    expect(5984 * 3992).toBeLessThanOrEqual(profilePictureLimits.megapixels * 1_000_000);
    const shoppers = [await signUp(shop.app, { email: 'ayesha@example.com' }), await signUp(shop.app, { email: 'delroy@example.com' })];

    const { result: answers, growthMb } = await peakRssDuring(() =>
      Promise.all([
        uploadProductPicture(product),
        uploadProductPicture(product),
        uploadProductPicture(product),
        uploadProductPicture(product),
        uploadProductPicture(productPng),
        uploadProductPicture(productPng),
        ...shoppers.map((shopper) => uploadProfilePicture(shopper, profile)),
      ]),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201, 201, 200, 200]);
    expect(answers[0]?.json()).toMatchObject({ width: 960, height: 640 });
    // Decoded whole, one such picture is 120 MB of pixels before any copy: these eight took 770 MB.
    expect(growthMb, 'MB of resident memory grown').toBeLessThan(300);
  }, 180_000);

  it('refuses a picture over the pixel limit with a 413 JSON error, from its header', async () => {
    const overLimit = await cameraPicture(8000, 6000, 'png');
    const answer = await uploadProductPicture(overLimit);
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({
      error: stockMessages.imageTooLarge(productImageLimits.megabytes, productImageLimits.megapixels),
      request_id: expect.any(String),
    });
    const shopper = await signUp(shop.app, { email: 'marlon@example.com' });
    const profile = await uploadProfilePicture(shopper, overLimit);
    expect(profile.statusCode).toBe(413);
    expect(profile.json()).toEqual({
      error: serverMessages.profilePictureTooLarge(profilePictureLimits.megabytes, profilePictureLimits.megapixels),
      request_id: expect.any(String),
    });
  });
});
