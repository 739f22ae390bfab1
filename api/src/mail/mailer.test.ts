import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createMailer } from './mailer.ts';

const sinks: Awaited<ReturnType<typeof startSmtpSink>>[] = [];
afterEach(async () => {
  await Promise.all(sinks.splice(0).map((sink) => sink.close()));
});

const mailerFor = (smtpUrl: string) =>
  createMailer({ smtpUrl, from: 'Threadline <shop@example.com>', outboxDir: '/nonexistent', log: () => undefined });
const message = (to: string) => ({ to, subject: 'Your Threadline order', text: 'Thank you for your order.' });

describe('e-mail through SMTP', () => {
  it('hands one e-mail after another over the same kept-open connection', async () => {
    const sink = await startSmtpSink();
    sinks.push(sink);
    const mailer = mailerFor(sink.url);
    for (let index = 0; index < 10; index += 1) await mailer.send(message(`shopper${index}@example.com`));
    await mailer.close();
    expect(sink.received.map((mail) => mail.to[0])).toEqual(Array.from({ length: 10 }, (_, index) => `shopper${index}@example.com`));
    expect(sink.connections()).toBe(1);
  });

  it('closes once the e-mails being sent are handed over, and leaves no connection open', async () => {
    // The mail server takes its time with each message, as a distant one does.
    const sink = await startSmtpSink({ delayMs: 400 });
    const mailer = mailerFor(sink.url);
    const sending = [mailer.send(message('first@example.com')), mailer.send(message('second@example.com'))];
    await mailer.close();
    await expect(Promise.all(sending)).resolves.toEqual([undefined, undefined]);
    expect(sink.received.map((mail) => mail.to[0]).sort()).toEqual(['first@example.com', 'second@example.com']);
    // The server's close waits for its clients: a connection the pool kept would hold it for minutes.
    const closed = Date.now();
    await sink.close();
    expect(Date.now() - closed).toBeLessThan(2_000);
  });
});
