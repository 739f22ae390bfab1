import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from './shop-test.ts';

/** The outbox of the shop the running test talks to: serve-fresh-shop.mjs keeps one data directory per port. */
function outboxDir(): string {
  const port = new URL(String(test.info().project.use.baseURL)).port;
  return join(import.meta.dirname, '..', '.tmp', `data-${port}`, 'outbox');
}

/** Every e-mail the shop wrote to its outbox for an address, newest first, quoted-printable undone. */
export function mailsTo(address: string): string[] {
  const outbox = outboxDir();
  let files: string[];
  try {
    files = readdirSync(outbox).map((file) => join(outbox, file));
  } catch {
    return [];
  }
  return files
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    .map((file) =>
      readFileSync(file, 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    )
    .filter((mail) => mail.includes(`To: ${address}`));
}
