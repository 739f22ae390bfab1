// PgBouncer in transaction mode in front of the test PostgreSQL, and a watch on what the shop sends
// it: the server suite's pooler set (vitest.pgbouncer.config.ts) runs through both.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Pgbouncer {
  port: number;
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  await new Promise((closed) => server.close(closed));
  return port;
}

/**
 * Debian's PgBouncer (/usr/sbin/pgbouncer) on a free loopback port, in transaction mode, passing
 * every database name through to the PostgreSQL of `serverUrl`, from a config written here.
 */
export async function startPgbouncer(serverUrl: string): Promise<Pgbouncer> {
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const port = await freePort();
  const directory = mkdtempSync(join(tmpdir(), 'threadline-pgbouncer-'));
  // PgBouncer refuses to run as root; it then runs as the postgres user, who must read its files.
  chmodSync(directory, 0o755);
  writeFileSync(join(directory, 'users.txt'), `"${user}" ""\n`);
  const config = [
    '[databases]',
    `* = host=${server.hostname} port=${server.port || 5432}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${join(directory, 'users.txt')}`,
    'pool_mode = transaction',
    'max_client_conn = 500',
    'default_pool_size = 20',
    'ignore_startup_parameters = extra_float_digits',
    `admin_users = ${user}`,
    '',
  ].join('\n');
  writeFileSync(join(directory, 'pgbouncer.ini'), config);
  chmodSync(join(directory, 'users.txt'), 0o644);
  chmodSync(join(directory, 'pgbouncer.ini'), 0o644);
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn('/usr/sbin/pgbouncer', [...(asRoot ? ['-u', 'postgres'] : []), join(directory, 'pgbouncer.ini')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(directory, { recursive: true, force: true });
  };
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (child.exitCode !== null) break;
    const listening = await new Promise<boolean>((answer) => {
      const socket = createConnection({ port, host: '127.0.0.1' }, () => answer(true)).on('error', () => answer(false));
      socket.on('connect', () => socket.end());
    });
    if (listening) return { port, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`PgBouncer did not start:\n${output}`);
}

/** SQL that holds something past its transaction, which a transaction-mode pooler hands to another client. */
const sessionState = [
  { pattern: /\bpg_(?:try_)?advisory_lock(?:_shared)?\s*\(/i, what: 'a session-level advisory lock' },
  { pattern: /^\s*PREPARE\s/im, what: 'an SQL-level prepared statement' },
  { pattern: /^\s*(?:LISTEN|UNLISTEN)\s/im, what: 'a LISTEN' },
  { pattern: /^\s*SET\s+(?!LOCAL\s|TRANSACTION\s)/im, what: 'a session setting' },
  { pattern: /\bWITH\s+HOLD\b/i, what: 'a cursor held past its transaction' },
];

export interface StatementWatch {
  /** The port to connect to instead of the pooler's. */
  port: number;
  /** What reached the pooler that it cannot keep for its client: named statements, session locks. */
  violations(): string[];
  close(): Promise<void>;
}

/**
 * A loopback proxy in front of the pooler that reads the PostgreSQL protocol the shop sends and
 * notes every named statement (Parse or Bind naming one) and every statement that would keep
 * session state (a session advisory lock, PREPARE, LISTEN, SET): behind a transaction-mode pooler
 * those reach whichever server connection the pooler picks, and a later transaction of the same
 * client may meet another one.
 */
export async function watchStatements(poolerPort: number): Promise<StatementWatch> {
  const found: string[] = [];
  const sockets = new Set<Socket>();
  const note = (text: string) => {
    for (const { pattern, what } of sessionState) if (pattern.test(text)) found.push(`${what}: ${text.slice(0, 200)}`);
  };
  const server: Server = createServer((client) => {
    const upstream = createConnection({ port: poolerPort, host: '127.0.0.1' });
    sockets.add(client);
    sockets.add(upstream);
    let buffered = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        if (!started) {
          // The startup message (or an SSL or cancel request) has a length and no type byte.
          if (buffered.length < 8) return;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) return;
          const code = buffered.readInt32BE(4);
          buffered = buffered.subarray(length);
          // SSLRequest or GSSENCRequest: the startup message follows.
          if (code !== 80877103 && code !== 80877104) started = true;
          continue;
        }
        if (buffered.length < 5) return;
        const type = String.fromCharCode(buffered[0] ?? 0);
        const length = buffered.readInt32BE(1);
        if (buffered.length < 1 + length) return;
        const body = buffered.subarray(5, 1 + length);
        buffered = buffered.subarray(1 + length);
        const strings = body.toString('utf8').split('\0');
        if (type === 'Q') note(strings[0] ?? '');
        if (type === 'P') {
          const [name = '', text = ''] = strings;
          if (name !== '') found.push(`a named statement "${name}": ${text.slice(0, 200)}`);
          note(text);
        }
        // Bind: portal name, then the statement it binds.
        if (type === 'B' && (strings[1] ?? '') !== '') found.push(`a named statement "${strings[1]}" bound`);
      }
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    port: (server.address() as AddressInfo).port,
    violations: () => [...found],
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((closed) => server.close(closed));
    },
  };
}
