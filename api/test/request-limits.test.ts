import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, serverMessages, profilePictureLimits } from '@threadline/contracts';
import { callJson, startHttpSession, startServerProcesses, type HttpShopper, type ServerProcesses } from './server-processes.ts';

/** Sends `size` bytes of body a few at a time, as a stalled or hostile client does; answers what came back. */
function trickle(url: string, headers: Record<string, string>, size: number, everyMs: number) {
  return new Promise<{ status: number; body: string; afterMs: number }>((resolve, reject) => {
    const started = Date.now();
    const call = request(url, { method: 'POST', headers: { ...headers, 'content-length': String(size) } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, afterMs: Date.now() - started }));
    });
    call.on('error', reject);
    let sent = 0;
    const timer = setInterval(() => {
      if (sent >= size || call.destroyed) return clearInterval(timer);
      call.write('x');
      sent += 1;
    }, everyMs);
    call.on('close', () => clearInterval(timer));
  });
}

/**
 * Short, so that the trickling client is cut off soon; long enough that a 20 MB upload over loopback
 * on a busy machine still arrives whole (at 1 s one was cut off with 408 before its 413).
 */
const requestTimeoutSeconds = 3;

// A real server process, not app.inject: what is tested is what a client sees on the wire.
describe('a request too large or too slow, over HTTP', () => {
  let processes: ServerProcesses;
  let url: string;
  let shopper: HttpShopper;

  beforeAll(async () => {
    processes = await startServerProcesses(1, { REQUEST_TIMEOUT_SECONDS: String(requestTimeoutSeconds) });
    url = processes.urls[0] ?? '';
    shopper = await startHttpSession(url);
  });

  afterAll(async () => {
    await processes.close();
  });

  it('answers a 5 MB JSON body 413 {error} that fetch reads, instead of dropping the connection', async () => {
    const body = JSON.stringify({ promo_code: 'x'.repeat(5 * 1024 * 1024) });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await fetch(`${url}/api/orders/cart/promo/`, { method: 'POST', headers: shopper.headers, body });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ error: serverMessages.requestTooLarge, request_id: expect.any(String) });
    }
  });

  it('answers a 5 MB body refused before it is read (no CSRF token) with a 403 fetch reads', async () => {
    const body = JSON.stringify({ promo_code: 'x'.repeat(5 * 1024 * 1024) });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await fetch(`${url}/api/orders/cart/promo/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: messages.csrfFailed, request_id: expect.any(String) });
    }
  });

  it('answers a 20 MB profile picture 413 {error} that fetch reads, with the limits in its message', async () => {
    const password = 'island-breeze-42';
    const account = await callJson(url, 'POST', '/api/users/auth/register/', shopper.headers, {
      first_name: 'Ayesha',
      last_name: 'Campbell',
      email: 'big-picture@example.com',
      password1: password,
      password2: password,
    });
    const { 'content-type': _json, ...headers } = shopper.headers;
    const form = new FormData();
    form.append('profile_picture', new Blob([new Uint8Array(20 * 1024 * 1024)], { type: 'image/png' }), 'me.png');
    const response = await fetch(`${url}/api/users/profile/`, {
      method: 'PUT',
      headers: { ...headers, authorization: `Bearer ${String(account.body.token)}` },
      body: form,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: serverMessages.profilePictureTooLarge(profilePictureLimits.megabytes, profilePictureLimits.megapixels),
      request_id: expect.any(String),
    });
  });

  it('cuts off a client trickling its body with 408 {error} once the request timeout has passed', async () => {
    const answer = await trickle(`${url}/api/orders/cart/promo/`, shopper.headers, 1000, 50);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ error: serverMessages.requestTimedOut, request_id: expect.any(String) });
    // The whole body would take 50 s; the server checks its connections every second.
    expect(answer.afterMs).toBeGreaterThanOrEqual(requestTimeoutSeconds * 1000);
    expect(answer.afterMs).toBeLessThan((requestTimeoutSeconds + 2) * 1000);
  });
});
