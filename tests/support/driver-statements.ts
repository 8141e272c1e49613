/**
 * Every SQL statement the app sends, seen where the driver sends it (libsql's prepare on SQLite, pg's query on
 * PostgreSQL): below Prisma, so raw queries, model queries and the cookbook's own connection are all seen.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export interface StatementWatch {
  /** the statements' SQL, in the order sent */
  readonly sent: string[];
  stop(): void;
}

export function watchStatements(): StatementWatch {
  const onPostgres = process.env.DATABASE_URL?.startsWith("postgres");
  const prototype: Record<string, unknown> = onPostgres ? require("pg").Client.prototype : require("libsql").prototype;
  const method = onPostgres ? "query" : "prepare";
  const original = prototype[method] as (...args: unknown[]) => unknown;
  const sent: string[] = [];
  const watching = function (this: unknown, ...args: unknown[]) {
    const [query] = args as [string | { text?: string } | undefined];
    sent.push(typeof query === "string" ? query : query?.text ?? "");
    return original.apply(this, args);
  };
  prototype[method] = watching;
  const stop = () => {
    // watches end in the reverse order they began, or an ended one's wrapper would be put back
    if (prototype[method] !== watching) throw new Error("A later statement watch is still on: stop it first");
    prototype[method] = original;
  };
  return { sent, stop };
}
