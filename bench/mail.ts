// E-mail hand-over to a real SMTP server on this machine: the shop's mailer (api/src/mail/mailer.ts)
// over its pool of kept-open connections, beside the same mailer with a connection per e-mail
// (`?pool=false`, how it sent before ADR 34) as the baseline of the same run. Ten e-mails at a time,
// as the orders of a busy minute trail their answers. CPU is this process's: the mailer and the
// SMTP server together.
import { startSmtpSink } from '../api/test/smtp-sink.ts';
import { createMailer } from '../api/src/mail/mailer.ts';

const emails = Number(process.env.BENCH_EMAILS ?? 600);
const atOnce = 10;
const message = (index: number) => ({
  to: `shopper${index}@example.com`,
  subject: 'Your Threadline order TL-20261126-ABCDE',
  text: 'Hello Ann,\n\nThank you for your order.\n\n1 × Irie Tee (M, Black): J$4,500.00\nTotal: J$5,000.00\n',
  html: '<div style="font-family:sans-serif;max-width:560px"><h1>Thank you for your order</h1><p>1 × Irie Tee (M, Black): J$4,500.00</p></div>',
});

async function handOver(pooled: boolean): Promise<{ perSecond: number; cpuMs: number; connections: number; taken: number }> {
  const server = await startSmtpSink();
  const mailer = createMailer({
    smtpUrl: pooled ? server.url : `${server.url}?pool=false`,
    from: 'Threadline <shop@example.com>',
    outboxDir: '/nonexistent',
    log: () => undefined,
  });
  try {
    for (let index = 0; index < atOnce; index += 1) await mailer.send(message(index));
    const taken = server.received.length;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: atOnce }, async () => {
        while (next < emails) {
          next += 1;
          await mailer.send(message(next));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    return {
      perSecond: emails / seconds,
      cpuMs: (cpu.user + cpu.system) / 1000 / emails,
      connections: server.connections(),
      taken: server.received.length - taken,
    };
  } finally {
    await mailer.close();
    await server.close();
  }
}

console.log(`E-mail to a local SMTP server, ${emails} e-mails, ${atOnce} at a time (baseline: a connection per e-mail, same run)`);
for (const pooled of [false, true, false, true]) {
  const run = await handOver(pooled);
  console.log(
    `  ${pooled ? 'pooled              ' : 'connection per e-mail'}  ${run.perSecond.toFixed(0).padStart(5)} e-mails/s   ${run.cpuMs.toFixed(2)} ms CPU each   ${run.connections} connections   ${run.taken} taken`,
  );
  if (run.taken !== emails) process.exitCode = 1;
}
