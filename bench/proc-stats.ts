// What a process has used, read from /proc (Linux): the benches watch the server processes they
// start from outside, without asking them.
import { readFileSync } from 'node:fs';
import { Client } from 'pg';

/** User + system CPU the process has used, in ms; null when it is gone or not on Linux. */
export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the parenthesised command name; utime and stime are the 12th and 13th, in ticks of 10 ms.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The process's resident memory (VmRSS) in MiB; null when it is gone or not on Linux. */
export function processRssMiB(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU used so far by each PostgreSQL backend serving a bench database (by pid), in ms: the
 * database's share of a run, read from /proc when the server runs on this machine; empty otherwise.
 */
export async function benchDatabaseBackendsCpuMs(): Promise<Map<number, number>> {
  const admin = new Client({ connectionString: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname LIKE 'threadline_bench_%'");
    const used = new Map<number, number>();
    for (const { pid } of rows) {
      const cpu = processCpuMs(pid);
      if (cpu !== null) used.set(pid, cpu);
    }
    return used;
  } finally {
    await admin.end();
  }
}

/** What the backends used between two readings; a backend new since the first counts from zero. */
export const backendsCpuSpentMs = (before: Map<number, number>, after: Map<number, number>): number =>
  [...after].reduce((sum, [pid, cpu]) => sum + cpu - (before.get(pid) ?? 0), 0);
