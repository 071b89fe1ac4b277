/**
 * The run's SQLite database, as the tests see it: a read-only connection for assertions, and a short-lived
 * writable one for the few set-ups a user cannot do through the app (e.g. banning an account).
 */
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";

export interface UserRow {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  is_demo: 0 | 1;
}

export interface MessageRow {
  id: string;
  chat_id: string;
  role: "user" | "assistant" | "system";
  content: string;
  vendor: string | null;
  completion_id: string | null;
  status: string;
}

export interface CompletionRow {
  id: string;
  chat_id: string;
  user_id: string;
  status: "queued" | "streaming" | "done" | "error" | "stopped";
  vendor: string | null;
  error_code: string | null;
  error_status: number | null;
}

type Param = string | number | null;

export class TestDb {
  private readonly reader: Database.Database;

  constructor(private readonly file: string) {
    this.reader = new Database(file, { readonly: true, fileMustExist: true });
  }

  get<T>(sql: string, ...params: Param[]): T | undefined {
    return this.reader.prepare(sql).get(...params) as T | undefined;
  }

  all<T>(sql: string, ...params: Param[]): T[] {
    return this.reader.prepare(sql).all(...params) as T[];
  }

  /** `select count(*) ...` as a number. */
  count(sql: string, ...params: Param[]): number {
    return Number(
      this.reader
        .prepare(sql)
        .pluck()
        .get(...params),
    );
  }

  userByEmail(email: string): UserRow | undefined {
    return this.get<UserRow>("select * from users where email = ?", email.toLowerCase());
  }

  messagesOfChat(chatId: string): MessageRow[] {
    return this.all<MessageRow>(
      "select * from chat_messages where chat_id = ? order by created_at, id",
      chatId,
    );
  }

  completionsOfChat(chatId: string): CompletionRow[] {
    return this.all<CompletionRow>(
      "select * from completions where chat_id = ? order by created_at, id",
      chatId,
    );
  }

  completion(id: string): CompletionRow | undefined {
    return this.get<CompletionRow>("select * from completions where id = ?", id);
  }

  /** What a user has stored: chats, messages and completions. */
  storedBy(userId: string) {
    return {
      chats: this.count("select count(*) from chat_history where user_id = ?", userId),
      messages: this.count("select count(*) from chat_messages where user_id = ?", userId),
      completions: this.count("select count(*) from completions where user_id = ?", userId),
    };
  }

  /** Gives a role the way an admin would (the admin screens for roles do not exist yet). */
  grantRole(userId: string, role: "admin" | "banned" | "restricted") {
    this.write(
      "insert into user_roles (user_id, role, created_at) values (?, ?, ?)",
      userId,
      role,
      new Date().toISOString(),
    );
  }

  /** Puts a user on a plan, as a paid checkout would, ending at `expiresAt` (null: no end). */
  setPlan(userId: string, plan: "starter" | "professional", expiresAt: Date | null = null) {
    this.write(
      "update users set plan = ?, plan_expires_at = ? where id = ?",
      plan,
      expiresAt?.toISOString() ?? null,
      userId,
    );
  }

  /** A user's own vendor key as the settings dialog stores it; the sealed value is a stand-in (never read here). */
  storeUserKey(userId: string, vendor: string, last4: string) {
    const now = new Date().toISOString();
    this.write(
      "insert into user_api_keys (user_id, vendor, api_key_encrypted, last4, verified_at, created_at) values (?, ?, ?, ?, ?, ?)",
      userId,
      vendor,
      "sealed-stand-in",
      last4,
      now,
      now,
    );
  }

  /**
   * A finished reply of `userId`'s at `at` in the usage ledger, as the worker records it (a chart needs replies
   * on chosen days, which a test cannot make through the app).
   */
  recordUsage(userId: string, at: Date, ttftMs: number, tokens = 10) {
    this.write(
      "insert into usage_events (completion_id, user_id, model_id, vendor, status, prompt_tokens, completion_tokens, ttft_ms, created_at, finished_at) values (?, ?, 'llama-3.1-8b-instruct', 'together', 'done', ?, ?, ?, ?, ?)",
      randomUUID(),
      userId,
      tokens,
      tokens,
      ttftMs,
      at.toISOString(),
      at.toISOString(),
    );
  }

  /** Every vendor's sealed service key, to clear them for a test and put them back after it. */
  vendorKeys(): { id: number; api_key_encrypted: string | null }[] {
    return this.all("select id, api_key_encrypted from api_vendors");
  }

  setVendorKeys(keys: { id: number; api_key_encrypted: string | null }[]) {
    for (const key of keys)
      this.write("update api_vendors set api_key_encrypted = ? where id = ?", key.api_key_encrypted, key.id);
  }

  /** Writes through a short-lived connection, so the run's processes never wait on a test's lock for long. */
  /** A catalogue model with this context window and reply reserve (a window an admin may set in Models). */
  insertModel(modelId: string, contextWindow: number, replyReserve: number) {
    this.write(
      "insert into ai_models (model_id, display_name, icon_text, size_label, context_window, reply_reserve) values (?, ?, 'W', '', ?, ?)",
      modelId,
      modelId,
      contextWindow,
      replyReserve,
    );
  }

  /**
   * A chat of `userId`'s on `modelId` with these messages, a second apart, oldest first (a long chat a test
   * cannot wait to type); resolves to its id.
   */
  insertChat(userId: string, modelId: string, messages: { role: "user" | "assistant"; content: string }[]) {
    const chatId = randomUUID();
    const start = Date.now() - messages.length * 1000;
    const at = (index: number) => new Date(start + index * 1000).toISOString();
    this.write(
      "insert into chat_history (id, user_id, title, model_id, created_at, updated_at) values (?, ?, 'A long chat', ?, ?, ?)",
      chatId,
      userId,
      modelId,
      at(0),
      at(messages.length),
    );
    for (const [index, message] of messages.entries()) {
      this.write(
        "insert into chat_messages (id, chat_id, user_id, role, content, created_at) values (?, ?, ?, ?, ?, ?)",
        randomUUID(),
        chatId,
        userId,
        message.role,
        message.content,
        at(index),
      );
    }
    return chatId;
  }

  private write(sql: string, ...params: Param[]) {
    const writer = new Database(this.file, { fileMustExist: true, timeout: 5_000 });
    try {
      writer.prepare(sql).run(...params);
    } finally {
      writer.close();
    }
  }

  close() {
    this.reader.close();
  }
}
