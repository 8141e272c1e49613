import { createClient } from "@libsql/client";
import pg from "pg";

/**
 * Holds back every write to `table` of this test file's database (process.env.DATABASE_URL) from another
 * connection, as a long transaction of another process would, until `release` is called. `count` reads the table
 * through that connection meanwhile. The app's writes wait (up to its busy timeout on SQLite), they do not fail.
 */
export async function holdWrites(
  table: string
): Promise<{ count: () => Promise<number>; release: () => Promise<void> }> {
  const url = process.env.DATABASE_URL!;
  const countSql = `SELECT count(*) AS n FROM "${table}"`;
  if (url.startsWith("postgres")) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("BEGIN");
    await client.query(`LOCK TABLE "${table}" IN SHARE ROW EXCLUSIVE MODE`);
    return {
      count: async () => Number((await client.query(countSql)).rows[0].n),
      release: async () => {
        await client.query("ROLLBACK");
        await client.end();
      },
    };
  }
  const client = createClient({ url });
  const transaction = await client.transaction("write");
  return {
    count: async () => Number((await transaction.execute(countSql)).rows[0].n),
    release: async () => {
      await transaction.rollback();
      client.close();
    },
  };
}
