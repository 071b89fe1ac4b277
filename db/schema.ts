/**
 * The database's tables as Kysely sees them. Timestamps are ISO-8601 UTC strings and booleans are 0/1
 * integers, so the same queries run on SQLite and PostgreSQL.
 */
import type { ColumnType, Generated, Selectable } from "kysely";
import type { FailureCode, FinishReason } from "#contract/jobs";
import type { CompletionStatus } from "#contract/lifecycle";

type Flag = 0 | 1;
type Timestamp = string;

export type Plan = "starter" | "professional";
export type Role = "admin" | "banned" | "restricted";
export type MessageRole = "system" | "user" | "assistant";
/** complete; stopped by the user; error: the vendors failed part-way and this is what arrived. */
export type MessageStatus = "complete" | "stopped" | "error";

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  plan: Plan;
  is_demo: Flag;
  /** Demo users are removed after this time. */
  expires_at: Timestamp | null;
  /** A paid plan ends here (read as Starter after it); null: no end. */
  plan_expires_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** 'Cancel plan' was chosen: the plan stays until plan_expires_at. */
  plan_cancelled_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** When the owner proved the address by its e-mailed link; null: not yet (docs/product.md §7). */
  email_verified_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  /** The browser's User-Agent at sign-in, for the sessions list. */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  /** The client's address at sign-in, as the app sees it (behind TRUST_PROXY, the one the proxies saw). */
  ip: ColumnType<string | null, string | null | undefined, string | null>;
  /** Refreshed at most every few minutes by the requests the session makes. */
  last_seen_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export type AccountTokenPurpose = "password-reset" | "email-verification";

/** An e-mailed link's token: only its SHA-256 is stored; single use, expiring. */
export interface AccountTokensTable {
  id: string;
  user_id: string;
  token_hash: string;
  purpose: AccountTokenPurpose;
  email: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** A user's TOTP secret (encrypted); two-factor sign-in is on once `enabled_at` is set. */
export interface UserTotpTable {
  user_id: string;
  secret_encrypted: string;
  enabled_at: Timestamp | null;
  /** The 30-second step of the last code taken: that code and older ones are refused. */
  last_step: number | null;
  created_at: Timestamp;
}

/** A single-use recovery code, as its SHA-256. */
export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface UserRolesTable {
  user_id: string;
  role: Role;
  created_at: Timestamp;
}

export interface ApiVendorsTable {
  id: Generated<number>;
  name: string;
  display_name: string;
  endpoint_url: string;
  api_key_encrypted: string | null;
  is_active: Flag;
  priority_order: number;
  /** JSON text. */
  config: string;
}

export interface ApiVendorModelsTable {
  id: Generated<number>;
  vendor_id: number;
  /** The vendor-side model id sent in requests. */
  model_id: string;
  /** The catalogue model (ai_models.model_id) this vendor model serves. */
  ai_model_id: string;
  display_name: string;
  is_available: Flag;
  config: string;
}

export interface AiModelsTable {
  model_id: string;
  display_name: string;
  icon_text: string;
  size_label: string;
  /** JSON array of strings. */
  description_items: string;
  is_new: Flag;
  is_pro: Flag;
  is_beta: Flag;
  is_default: Flag;
  supports_images: Flag;
  order: number;
  /** The most tokens a prompt and its reply may hold together (docs/product.md §2 'Context windows'). */
  context_window: ColumnType<number, number | undefined, number>;
  /** Tokens kept for the reply when a request names no max_tokens. */
  reply_reserve: ColumnType<number, number | undefined, number>;
}

export interface SystemSettingsTable {
  setting_key: string;
  setting_value: string;
  updated_at: Timestamp;
}

export interface ChatHistoryTable {
  id: string;
  user_id: string;
  title: string;
  model_id: string;
  archived_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 'api': the hidden chat of one developer-API request, never listed or opened (docs/product.md §12). */
  source: ColumnType<ChatSource, ChatSource | undefined, never>;
}

export type ChatSource = "chat" | "api";

export interface ChatMessagesTable {
  /** UUIDv7: time-ordered, so (created_at, id) is a stable order. */
  id: string;
  chat_id: string;
  user_id: string;
  role: MessageRole;
  content: string;
  /**
   * The content's tokens (contract/context-window.ts), counted when the message is written; null only for one a
   * process of an earlier release stored during a rolling upgrade (counted when read: `contentTokensOf`).
   */
  content_tokens: ColumnType<number | null, number, number>;
  /** For assistant messages: the model and vendor that produced it, and the completion that stored it. */
  model_id: string | null;
  vendor: string | null;
  completion_id: string | null;
  status: ColumnType<MessageStatus, MessageStatus | undefined, MessageStatus>;
  created_at: Timestamp;
  /**
   * The message this one follows (docs/product.md §6 'Branches'): a reply its question, a question the message
   * before it; null for a chat's first. Messages with the same parent are siblings: the versions an edit or a
   * regenerate made.
   */
  parent_id: ColumnType<string | null, string | null, never>;
  /**
   * Null while the message is on the chat's shown branch (the one the page, the prompt, downloads, shares and
   * search read); set when another branch took its place (an edit, a regenerate, a switch). Kept, not shown.
   */
  replaced_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export interface CompletionsTable {
  id: string;
  chat_id: string;
  user_id: string;
  user_message_id: string;
  model_id: string;
  temperature: number;
  /** An API request's max_tokens; null: the vendor adapter's own cap. */
  max_tokens: ColumnType<number | null, number | null | undefined, never>;
  status: CompletionStatus;
  vendor: string | null;
  error_code: FailureCode | null;
  error_status: number | null;
  error_detail: string | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  /** Why the vendor ended a finished reply; null for a stopped or failed one (and replies before 0009). */
  finish_reason: ColumnType<FinishReason | null, FinishReason | null | undefined, FinishReason | null>;
  /**
   * A developer-API request's options beyond temperature and max_tokens, as JSON (contract/request-options.ts);
   * null for a chat's reply and for a request that set none.
   */
  request_options: ColumnType<string | null, string | null | undefined, never>;
  created_at: Timestamp;
  started_at: Timestamp | null;
  first_token_at: Timestamp | null;
  finished_at: Timestamp | null;
}

/**
 * The usage ledger: one row per requested reply, written with the request and closed with its outcome. It is
 * never deleted with a chat, so quotas and analytics count what was really asked.
 */
export interface UsageEventsTable {
  completion_id: string;
  /** Null once the user is deleted: the usage still happened. */
  user_id: string | null;
  source: ColumnType<ChatSource, ChatSource | undefined, never>;
  /** The developer API key that asked (source 'api'); kept after the key is revoked or its user deleted. */
  api_key_id: ColumnType<string | null, string | null | undefined, never>;
  model_id: string;
  vendor: string | null;
  status: CompletionStatus;
  error_code: FailureCode | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  /** Milliseconds from the request to its first token. */
  ttft_ms: number | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface CompletionAttemptsTable {
  id: Generated<number>;
  completion_id: string;
  vendor: string;
  /** ok, or the failure code. */
  outcome: string;
  http_status: number | null;
  latency_ms: number;
  created_at: Timestamp;
}

export interface OrdersTable {
  id: string;
  user_id: string;
  tier: Plan;
  billing: Billing;
  /** From the server's price table when the order was made; never from the form. */
  amount_cents: number;
  currency: string;
  provider: "simulated" | "stripe";
  /** The provider's id for the payment (a simulated charge id, a Stripe Checkout Session id). */
  provider_ref: string | null;
  /** Why the last payment attempt failed, in the catalogue's words. */
  failure: string | null;
  paid_at: Timestamp | null;
  updated_at: Timestamp | null;
  card_brand: string | null;
  card_last4: string | null;
  name: string;
  email: string;
  address: string;
  city: string;
  zip_code: string;
  country: string;
  status: OrderStatus;
  created_at: Timestamp;
}

export type Billing = "monthly" | "annually";
export type OrderStatus = "draft" | "pending" | "paid" | "failed";

export interface PaymentEventsTable {
  id: string;
  provider: string;
  type: string;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_user_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  /** JSON text. */
  details: string;
  /** The client's address when a person's request did it; null for system events. */
  ip: string | null;
  created_at: Timestamp;
}

/** A user's own vendor key (bring your own), used only for that user's replies. */
export interface UserApiKeysTable {
  user_id: string;
  vendor: string;
  api_key_encrypted: string;
  last4: string;
  verified_at: Timestamp;
  created_at: Timestamp;
}

/** A personal key for the developer API: only the SHA-256 of its secret is stored, and a prefix to recognise it. */
export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  /** The key's first characters ('rk-' and 8 more), shown in lists. */
  prefix: string;
  secret_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** A read-only share link: a snapshot of a chat's shown messages (docs/product.md §6). */
export interface SharedChatsTable {
  /** 128 random bits, base64url: the link's only secret. */
  id: string;
  chat_id: string;
  user_id: string;
  title: string;
  model_id: string;
  /** JSON array of the shown messages: role, content, model_id, vendor, created_at. */
  messages: string;
  created_at: Timestamp;
}

/** A file attached to a user's message (docs/product.md §14). */
export interface AttachmentsTable {
  id: string;
  chat_id: string;
  user_id: string;
  message_id: string;
  /** The name the file was sent with: no path, no markup (refused at upload otherwise). */
  name: string;
  /** Read from the bytes, never from the name. */
  media_type: string;
  size: number;
  bytes: Uint8Array;
  /** A document's text, extracted at upload; null for a file the model is not sent as text. */
  text: string | null;
  /** An image's size as shown (its EXIF orientation applied) and its WebP thumbnail; null for a document. */
  width: ColumnType<number | null, number | null | undefined, never>;
  height: ColumnType<number | null, number | null | undefined, never>;
  thumbnail: ColumnType<Uint8Array | null, Uint8Array | null | undefined, never>;
  created_at: Timestamp;
}

export type Language = "english" | "spanish" | "french" | "german" | "chinese";

export interface UserPreferencesTable {
  user_id: string;
  notifications: Flag;
  language: Language;
  updated_at: Timestamp;
}

/** An identity provider an admin configured (docs/product.md §7 'Single sign-on'). */
export interface SsoProvidersTable {
  id: string;
  slug: string;
  kind: SsoKind;
  display_name: string;
  /** OpenID Connect: the issuer, whose discovery document names the endpoints. GitHub: its fixed address. */
  issuer_url: string;
  client_id: string;
  /** platform/crypto.ts, like the vendors' keys: the database alone never yields it. */
  client_secret_encrypted: string;
  /** Space-separated, as OAuth2 sends them. */
  scopes: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** OpenID Connect (any certified provider, Google among them), or GitHub's OAuth2, which has no ID token. */
export type SsoKind = "oidc" | "github";

/** A provider's account (`subject`) that signs in as `user_id`. */
export interface UserIdentitiesTable {
  id: string;
  user_id: string;
  provider_id: string;
  subject: string;
  email: string;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  account_tokens: AccountTokensTable;
  user_roles: UserRolesTable;
  api_vendors: ApiVendorsTable;
  api_vendor_models: ApiVendorModelsTable;
  ai_models: AiModelsTable;
  system_settings: SystemSettingsTable;
  chat_history: ChatHistoryTable;
  chat_messages: ChatMessagesTable;
  completions: CompletionsTable;
  completion_attempts: CompletionAttemptsTable;
  usage_events: UsageEventsTable;
  orders: OrdersTable;
  payment_events: PaymentEventsTable;
  audit_log: AuditLogTable;
  user_api_keys: UserApiKeysTable;
  api_keys: ApiKeysTable;
  shared_chats: SharedChatsTable;
  attachments: AttachmentsTable;
  user_preferences: UserPreferencesTable;
  user_totp: UserTotpTable;
  recovery_codes: RecoveryCodesTable;
  sso_providers: SsoProvidersTable;
  user_identities: UserIdentitiesTable;
}

export type User = Selectable<UsersTable>;
export type Order = Selectable<OrdersTable>;
export type Completion = Selectable<CompletionsTable>;
export type ApiVendor = Selectable<ApiVendorsTable>;
export type AiModel = Selectable<AiModelsTable>;
export type SsoProvider = Selectable<SsoProvidersTable>;

export const nowIso = () => new Date().toISOString();
