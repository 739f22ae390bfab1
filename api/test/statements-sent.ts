import { Client } from 'pg';
import { vi } from 'vitest';

export interface SentStatement {
  text: string;
  /** Sent while an earlier statement on its connection was still unanswered: it shared that round trip. */
  pipelined: boolean;
}

/** Each statement the shop sent to PostgreSQL while `work` ran, in the order sent. */
export async function statementsSentDuring(work: () => Promise<unknown>): Promise<SentStatement[]> {
  const sent: SentStatement[] = [];
  const unanswered = new WeakMap<Client, number>();
  const query = Client.prototype.query;
  const spy = vi.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
    const [statement] = args;
    const text =
      typeof statement === 'string'
        ? statement
        : typeof statement === 'object' && statement !== null && 'text' in statement
          ? String(statement.text)
          : '(not SQL)';
    const waiting = unanswered.get(this) ?? 0;
    sent.push({ text, pipelined: waiting > 0 });
    unanswered.set(this, waiting + 1);
    const answered = () => unanswered.set(this, (unanswered.get(this) ?? 1) - 1);
    const result = (query as (...values: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) result.then(answered, answered);
    return result as never;
  });
  try {
    await work();
    return sent;
  } finally {
    spy.mockRestore();
  }
}
