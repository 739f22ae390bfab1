import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone, for reading links and text. */
  text: string;
}

const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * A real SMTP server on a free local port that keeps what it receives; `delayMs` holds each message
 * that long before accepting it, as a distant mail server does. `refuse(true)` makes it turn every
 * message away (421, as a mail server that is down for maintenance) until `refuse(false)`.
 */
export async function startSmtpSink({ delayMs = 0 }: { delayMs?: number } = {}) {
  const received: ReceivedMail[] = [];
  let refusing = false;
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // The sink's clients are this machine's tests: naming them through DNS only waits on the resolver.
    disableReverseLookup: true,
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onMailFrom(_address, _session, callback) {
      if (!refusing) return callback();
      callback(Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          text: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        setTimeout(() => callback(), delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Connections clients have opened so far. */
    connections: () => connections,
    refuse: (on: boolean) => void (refusing = on),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
