import type { Db } from "#db/database";

/** The admin dashboard's counts (docs/product.md §1): real, read now. */
export async function systemStats(db: Db) {
  const count = async (table: "users" | "chat_history" | "chat_messages") => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const [userCount, chatCount, messageCount] = await Promise.all([
    count("users"),
    count("chat_history"),
    count("chat_messages"),
  ]);
  return { userCount, chatCount, messageCount, lastUpdated: new Date().toISOString() };
}
