import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createMailer, type Mailer } from './mailer.ts';

let mailer: Mailer | undefined;
let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
afterEach(async () => {
  mailer?.close();
  await sink?.close();
});

describe('e-mail through SMTP', () => {
  it('sends one message after another over one kept connection', async () => {
    sink = await startSmtpSink();
    mailer = createMailer({ smtpUrl: sink.url, from: 'shop@threadline.test', outboxDir: '/nonexistent', log: () => undefined });
    for (const order of [1, 2, 3]) await mailer.send({ to: 'marcia@threadline.test', subject: `Order ${order}`, text: `Order ${order} is placed.` });

    expect(sink.received.map((mail) => mail.to)).toEqual([['marcia@threadline.test'], ['marcia@threadline.test'], ['marcia@threadline.test']]);
    expect(sink.received.map((mail) => /Subject: (.*)/.exec(mail.raw)?.[1]?.trim())).toEqual(['Order 1', 'Order 2', 'Order 3']);
    expect(sink.sessions.opened).toBe(1);
  });

  it('opens a connection a message when the URL turns pooling off', async () => {
    sink = await startSmtpSink();
    mailer = createMailer({ smtpUrl: `${sink.url}?pool=false`, from: 'shop@threadline.test', outboxDir: '/nonexistent', log: () => undefined });
    for (const order of [1, 2]) await mailer.send({ to: 'marcia@threadline.test', subject: `Order ${order}`, text: 'Placed.' });

    expect(sink.received).toHaveLength(2);
    expect(sink.sessions.opened).toBe(2);
  });
});
