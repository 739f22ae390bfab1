import { Agent, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test/helper.ts';

let shop: TestShop;
let origin = '';

/** A GET through `agent`, answered with its status and parsed body. */
const getJson = (url: string, agent: Agent) =>
  new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    get(url, { agent }, (answer) => {
      let text = '';
      answer.on('data', (chunk: Buffer) => (text += chunk.toString()));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    }).on('error', reject);
  });
let releaseSlowAnswer: () => void = () => undefined;
let slowAnswerStarted: Promise<void>;

beforeAll(async () => {
  shop = await createTestShop({ seed: false });
  let started: () => void = () => undefined;
  slowAnswerStarted = new Promise((resolve) => (started = resolve));
  // Stands for any answer still being worked on when the stop comes (a webhook, a checkout).
  shop.app.get('/test/slow-answer', async () => {
    started();
    await new Promise<void>((resolve) => (releaseSlowAnswer = resolve));
    return { done: true };
  });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => shop?.close());

describe('a graceful close', () => {
  it('finishes the answer in flight and then closes its kept-alive connection at once, not after the keep-alive time', async () => {
    // A client that keeps connections open as long as the server lets it, as a load balancer's pool does.
    const keepingAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await getJson(`${origin}/api/health/`, keepingAlive)).status).toBe(200);
      const inFlight = getJson(`${origin}/test/slow-answer`, keepingAlive);
      await slowAnswerStarted;

      const closing = shop.app.close();
      setTimeout(() => releaseSlowAnswer(), 100);
      expect(await inFlight).toEqual({ status: 200, body: { done: true } });

      const closedWithin = await Promise.race([
        closing.then(() => 'closed'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 3000)),
      ]);
      expect(closedWithin).toBe('closed');
    } finally {
      keepingAlive.destroy();
    }
  });
});
