import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '@threadline/contracts';
import { createTestShop, mediaDirectoryOf, type TestShop } from '../../test/helper.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  await shop.app.media.store.put('products/tee-640.webp', Buffer.from('tee-bytes'), 'image/webp');
  // Beside the media directory, where a path that climbs out of it would land.
  writeFileSync(join(dirname(mediaDirectoryOf(shop)), 'beside-640.webp'), 'not-media');
  writeFileSync(join(dirname(mediaDirectoryOf(shop)), 'beside.txt'), 'not-media');
  await shop.ready();
});
afterAll(() => shop.close());

describe('/static/media/ from a store on disk', () => {
  it('streams a file with a day of caching, its validators, and no type sniffing', async () => {
    const answer = await shop.app.inject({ method: 'GET', url: '/static/media/products/tee-640.webp' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('tee-bytes');
    expect(answer.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': '9',
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
    });
    expect(answer.headers.etag).toMatch(/^W\/"9-[0-9a-f]+"$/);
    expect(Date.parse(String(answer.headers['last-modified']))).not.toBeNaN();
  });

  it('answers 304 to a browser whose copy is current, by ETag or by date', async () => {
    const url = '/static/media/products/tee-640.webp';
    const first = await shop.app.inject({ method: 'GET', url });
    const byTag = await shop.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe('');
    const byDate = await shop.app.inject({ method: 'GET', url, headers: { 'if-modified-since': String(first.headers['last-modified']) } });
    expect(byDate.statusCode).toBe(304);
    const stale = await shop.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': 'W/"1-1"', 'if-modified-since': String(first.headers['last-modified']) },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe('tee-bytes');
  });

  it('answers HEAD with the headers only', async () => {
    const answer = await shop.app.inject({ method: 'HEAD', url: '/static/media/products/tee-640.webp' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    expect(answer.body).toBe('');
  });

  it('never serves a file from outside the media directory', async () => {
    for (const url of [
      '/static/media/..%2Fbeside.txt',
      '/static/media/%2e%2e/beside.txt',
      '/static/media/..%2Fbeside-640.webp',
      '/static/media/products/..%2F..%2Fbeside-640.webp',
    ]) {
      const answer = await shop.app.inject({ method: 'GET', url });
      expect(answer.body, url).not.toContain('not-media');
      // No placeholder is stored here, so a picture that is not found is as missing as any other file.
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toEqual({ error: serverMessages.notFound, request_id: expect.any(String) });
    }
  });

  it('answers a JSON 404 for a missing file when there is no placeholder to show', async () => {
    for (const url of ['/static/media/products/gone-640.webp', '/static/media/notes.txt', '/static/media/', '/static/media/products']) {
      const answer = await shop.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toEqual({ error: serverMessages.notFound, request_id: expect.any(String) });
    }
  });
});
