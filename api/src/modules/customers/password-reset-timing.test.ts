import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, signUp, startSession, type TestShop } from '../../../test/helper.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';

// A mail server that takes a while to accept each message, as a real one far away does.
const smtpDelayMs = 150;
let shop: TestShop;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  smtp = await startSmtpSink({ delayMs: smtpDelayMs });
  shop = await createTestShop({ seed: false, environment: { SMTP_URL: smtp.url } });
  await shop.ready();
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe('asking for a password reset', () => {
  it('takes the same time whether or not the e-mail has an account, and still sends the link', async () => {
    // One account per request: each e-mail may ask for three resets an hour (ADR 9).
    for (let n = 0; n < 20; n += 1) await signUp(shop.app, { email: `member-${n}@example.com` });
    const { headers } = await startSession(shop.app);
    const timed = async (email: string, n: number) => {
      const started = performance.now();
      const answer = await shop.app.inject({
        method: 'POST',
        url: '/api/users/auth/password-reset/',
        headers,
        payload: { email },
        remoteAddress: `10.7.${n}.1`,
      });
      expect(answer.statusCode).toBe(200);
      return performance.now() - started;
    };
    const member: number[] = [];
    const stranger: number[] = [];
    // Interleaved, so whatever else the machine is doing weighs on both alike.
    for (let n = 0; n < 20; n += 1) {
      member.push(await timed(`member-${n}@example.com`, n));
      stranger.push(await timed(`stranger-${n}@example.com`, n));
    }
    expect(Math.abs(median(member) - median(stranger)), `medians ${median(member)} / ${median(stranger)} ms`).toBeLessThan(20);
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(20);
    expect(smtp.received.every((mail) => mail.to[0]?.startsWith('member-'))).toBe(true);
  }, 30_000);
});
