import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, serverMessages, profilePictureLimits } from '@threadline/contracts';
import { createTestShop, signUp, type SignedInShopper, type TestShop } from '../../../test/helper.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  await shop.ready();
});
afterAll(() => shop.close());

const boundary = '----threadline-picture-boundary';

/** A profile form whose picture part carries `content` as it is, closed or cut off after it. */
function pictureForm(content: Buffer, { complete = true } = {}) {
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="first_name"\r\n\r\nAyesha\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profile_picture"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      content,
      Buffer.from(complete ? `\r\n--${boundary}--\r\n` : ''),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const upload = (shopper: SignedInShopper, form: ReturnType<typeof pictureForm>) =>
  shop.app.inject({
    method: 'PUT',
    url: '/api/users/profile/',
    headers: { ...shopper.headers, 'content-type': form.contentType },
    payload: form.payload,
  });

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1b7a4b' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

describe('profile picture upload', () => {
  it('answers an upload cut off before its end 400, not 500', async () => {
    const ayesha = await signUp(shop.app, { email: 'cut-off@example.com' });
    const whole = await photo(64, 64);
    const response = await upload(ayesha, pictureForm(whole.subarray(0, 40), { complete: false }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: serverMessages.profilePictureIncomplete, request_id: expect.any(String) });
  });

  it('refuses a picture of more megapixels than the limit from its header, before decoding it', async () => {
    const ayesha = await signUp(shop.app, { email: 'megapixels@example.com' });
    const huge = await photo(7200, 5000); // 36 megapixels, a hundred kilobytes of one colour
    const tooLarge = {
      error: serverMessages.profilePictureTooLarge(profilePictureLimits.megabytes, profilePictureLimits.megapixels),
      request_id: expect.any(String),
    };
    const whole = await upload(ayesha, pictureForm(huge));
    expect(whole.statusCode).toBe(413);
    expect(whole.json()).toEqual(tooLarge);
    // Only its first 100 bytes, the header: refused all the same, so it was refused without decoding.
    const headerOnly = await upload(ayesha, pictureForm(huge.subarray(0, 100)));
    expect(headerOnly.statusCode).toBe(413);
    expect(headerOnly.json()).toEqual(tooLarge);
    expect((await shop.app.inject({ method: 'GET', url: '/api/users/profile/', headers: ayesha.headers })).json()).toMatchObject({
      profile_picture: null,
    });
  });

  it('refuses a file over the size limit with the same message', async () => {
    const ayesha = await signUp(shop.app, { email: 'megabytes@example.com' });
    const heavy = Buffer.concat([await photo(64, 64), Buffer.alloc(profilePictureLimits.megabytes * 1024 * 1024)]);
    const response = await upload(ayesha, pictureForm(heavy));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: serverMessages.profilePictureTooLarge(profilePictureLimits.megabytes, profilePictureLimits.megapixels),
      request_id: expect.any(String),
    });
  });

  it('takes a limited number of uploads per account an hour, then answers 429', async () => {
    const ayesha = await signUp(shop.app, { email: 'many-pictures@example.com' });
    const devon = await signUp(shop.app, { email: 'one-picture@example.com' });
    const small = await photo(32, 32);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < profilePictureLimits.uploadsPerHour; attempt += 1) {
      statuses.push((await upload(ayesha, pictureForm(small))).statusCode);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await upload(ayesha, pictureForm(small));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: messages.tooManyRequests, request_id: expect.any(String) });
    // Text changes of the same account, and another account's upload, go on.
    expect(
      (await shop.app.inject({ method: 'PUT', url: '/api/users/profile/', headers: ayesha.headers, payload: { first_name: 'Ayesha' } }))
        .statusCode,
    ).toBe(200);
    expect((await upload(devon, pictureForm(small))).statusCode).toBe(200);
  });

  it('serves uploaded media with X-Content-Type-Options: nosniff', async () => {
    const ayesha = await signUp(shop.app, { email: 'nosniff@example.com' });
    const stored = await upload(ayesha, pictureForm(await photo(32, 32)));
    const picture: string = stored.json().user.profile_picture;
    const served = await shop.app.inject({ method: 'GET', url: picture });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });
});
