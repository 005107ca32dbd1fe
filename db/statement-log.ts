// Counts the SQL statements a piece of work sends, for the query-budget tests: a later N+1 fails a test.
// Only the test environment turns it on (db/client.ts); it costs one AsyncLocalStorage lookup per statement.
import { AsyncLocalStorage } from "node:async_hooks";

interface StatementLog {
  statements: string[];
}

const storage = new AsyncLocalStorage<StatementLog>();

/** Called by the database client for every statement it sends. */
export function noteStatement(text: string): void {
  storage.getStore()?.statements.push(text);
}

/** Runs the work and returns the statements it sent (transaction control statements are not counted). */
export async function withStatementLog<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const log: StatementLog = { statements: [] };
  const result = await storage.run(log, work);
  return { result, statements: log.statements };
}
