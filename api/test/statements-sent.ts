import { Client } from 'pg';
import { vi } from 'vitest';

/** A query's SQL, sent as text or (a prepared statement, ADR 32) as a config with its name. */
const textOf = (statement: unknown) =>
  typeof statement === 'string' ? statement : typeof statement === 'object' && statement !== null && 'text' in statement ? String(statement.text) : '(not SQL)';

/** Each statement the shop sent to PostgreSQL while `work` ran, in the order sent. */
export async function statementsSentDuring(work: () => Promise<unknown>): Promise<string[]> {
  const sent = vi.spyOn(Client.prototype, 'query');
  try {
    await work();
    return sent.mock.calls.map(([statement]) => textOf(statement));
  } finally {
    sent.mockRestore();
  }
}
