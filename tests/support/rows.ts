/** Rows the tests need as a starting point, inserted directly: users, chats and messages. */
import { sql, type Selectable } from "kysely";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "#db/database";
import { shownBranchEnd } from "#db/chat-writes";
import { nowIso, type Database, type MessageRole, type Plan, type Role, type User } from "#db/schema";
import { encryptSecret } from "#platform/crypto";
import { countContentTokens } from "#contract/context-window";
import type { SessionUser } from "~/modules/auth/session.server";
import { grantRole } from "~/modules/auth/users.server";
import { hashPassword } from "~/modules/auth/password.server";

const HOUR_MS = 3600 * 1000;

/** A new user (e-mail `<id>@example.test`), with `password` to sign in with when given. */
export async function insertUser(
  db: Db,
  { plan = "starter", password }: { plan?: Plan; password?: string } = {},
): Promise<string> {
  const id = uuidv7();
  const now = new Date().toISOString();
  await db
    .insertInto("users")
    .values({
      id,
      email: `${id}@example.test`,
      name: "Tess",
      password_hash: password ? await hashPassword(password) : null,
      plan,
      is_demo: 0,
      expires_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function grantRoles(db: Db, userId: string, roles: Role[]): Promise<void> {
  for (const role of roles) await grantRole(db, userId, role);
}

/** A new user with `plan` and `roles`, as the web's modules receive a signed-in user. */
export async function sessionUser(
  db: Db,
  { plan = "starter", roles = [] }: { plan?: Plan; roles?: Role[] } = {},
): Promise<SessionUser> {
  const id = await insertUser(db, { plan });
  await grantRoles(db, id, roles);
  const user = (await db
    .selectFrom("users")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow()) as User;
  return { user, roles, sessionId: "test" };
}

/** A chat last updated `hoursAgo` hours ago. */
export async function insertChat(
  db: Db,
  userId: string,
  title: string,
  {
    hoursAgo = 0,
    archived = false,
    modelId = "dolphin-mixtral-8x22b",
    id = uuidv7(),
  }: { hoursAgo?: number; archived?: boolean; modelId?: string; id?: string } = {},
): Promise<string> {
  const at = new Date(Date.now() - hoursAgo * HOUR_MS).toISOString();
  await db
    .insertInto("chat_history")
    .values({
      id,
      user_id: userId,
      title,
      model_id: modelId,
      archived_at: archived ? at : null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** A message created `offsetMs` from now (to order several), optionally replaced by a regenerate or edit. */
export async function insertMessage(
  db: Db,
  chatId: string,
  userId: string,
  role: MessageRole,
  content: string,
  { offsetMs = 0, replaced = false }: { offsetMs?: number; replaced?: boolean } = {},
): Promise<void> {
  await db
    .insertInto("chat_messages")
    .values({
      id: uuidv7(),
      chat_id: chatId,
      user_id: userId,
      parent_id: await shownBranchEnd(db, chatId),
      role,
      content,
      content_tokens: countContentTokens(content),
      model_id: null,
      vendor: null,
      completion_id: null,
      created_at: new Date(Date.now() + offsetMs).toISOString(),
      replaced_at: replaced ? new Date().toISOString() : null,
    })
    .execute();
}

/** A catalogue model served by Together with this window and reserve. */
export async function insertModelWithWindow(
  db: Db,
  modelId: string,
  contextWindow: number,
  replyReserve: number,
): Promise<void> {
  await db
    .insertInto("ai_models")
    .values({
      model_id: modelId,
      display_name: modelId,
      icon_text: "W",
      size_label: "",
      description_items: "[]",
      is_new: 0,
      is_pro: 0,
      is_beta: 0,
      is_default: 0,
      supports_images: 0,
      order: 99,
      context_window: contextWindow,
      reply_reserve: replyReserve,
    })
    .execute();
  const together = await db
    .selectFrom("api_vendors")
    .select("id")
    .where("name", "=", "together")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("api_vendor_models")
    .values({
      vendor_id: together.id,
      model_id: `vendor/${modelId}`,
      ai_model_id: modelId,
      display_name: modelId,
      is_available: 1,
      config: "{}",
    })
    .execute();
}

/** The user's own Together key, stored encrypted with `appSecret` as the key dialog stores it. */
export async function insertUserKey(db: Db, userId: string, key: string, appSecret: string): Promise<void> {
  await db
    .insertInto("user_api_keys")
    .values({
      user_id: userId,
      vendor: "together",
      api_key_encrypted: encryptSecret(key, appSecret),
      last4: key.slice(-4),
      verified_at: nowIso(),
      created_at: nowIso(),
    })
    .execute();
}

/** A chat's messages as its page shows them: none a regenerate or an edit replaced, oldest first. */
export const visibleMessages = (db: Db, chatId: string) =>
  db
    .selectFrom("chat_messages")
    .select(["role", "content"])
    .where("chat_id", "=", chatId)
    .where("replaced_at", "is", null)
    .orderBy("created_at")
    .orderBy("id")
    .execute();

/** The id of the last question on a chat's shown branch, which a regenerate or an edit names. */
export const lastQuestion = async (db: Db, chatId: string) =>
  (
    await db
      .selectFrom("chat_messages")
      .select("id")
      .where("chat_id", "=", chatId)
      .where("role", "=", "user")
      .where("replaced_at", "is", null)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow()
  ).id;

/** The one row of `table` whose `column` is `value`; throws when there is none. */
export const rowWhere = <T extends keyof Database & string>(
  db: Db,
  table: T,
  column: keyof Database[T] & string,
  value: string,
) =>
  // Kysely cannot type a query over a table a type parameter names: the signature types the call and the row.
  db
    .selectFrom(table as keyof Database)
    .selectAll()
    .where(sql.ref(column), "=", value)
    .executeTakeFirstOrThrow() as Promise<Selectable<Database[T]>>;

export const completionOf = (db: Db, completionId: string) => rowWhere(db, "completions", "id", completionId);

/** The stored replies (assistant messages) of these completions. */
export function storedReplies(db: Db, completionIds: string[]) {
  return db
    .selectFrom("chat_messages")
    .select(["completion_id", "content"])
    .where("role", "=", "assistant")
    .where("completion_id", "in", completionIds)
    .execute();
}

/** A document attached to the message `messageId`, as the send action stores one (docs/product.md §14). */
export async function insertAttachment(db: Db, messageId: string, name: string, text: string): Promise<void> {
  const message = await db
    .selectFrom("chat_messages")
    .select(["chat_id", "user_id"])
    .where("id", "=", messageId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto("attachments")
    .values({
      id: uuidv7(),
      chat_id: message.chat_id,
      user_id: message.user_id,
      message_id: messageId,
      name,
      media_type: "text/plain",
      size: Buffer.byteLength(text),
      bytes: new TextEncoder().encode(text),
      text,
      created_at: new Date().toISOString(),
    })
    .execute();
}
