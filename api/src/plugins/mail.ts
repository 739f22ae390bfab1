import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';

export interface ShopMail {
  mailer: Mailer;
  /** A queue of e-mails sent just after an answer: a graceful stop waits for it before the transport closes. */
  waitOnClose(sent: () => Promise<void>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: ShopMail;
  }
}

/** The shop's one mail transport, shared by the modules that send e-mail. */
export const mail = fastifyPlugin(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: config.outboxDir,
      log: (message, details) => app.log.info(details, message),
    });
    const queues: (() => Promise<void>)[] = [];
    app.decorate('mail', { mailer, waitOnClose: (sent: () => Promise<void>) => void queues.push(sent) });
    app.addHook('onClose', async () => {
      await Promise.all(queues.map((sent) => sent()));
      await mailer.close();
    });
  },
  { name: 'mail' },
);
