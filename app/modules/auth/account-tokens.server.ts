/**
 * The secrets of e-mailed links (password reset, e-mail confirmation; docs/product.md §7): 256 random bits,
 * sent only in the mail. The database keeps their SHA-256 — enough for a secret that cannot be guessed, and a
 * copy of the database opens no link. Each works once and until it expires; a newer link of the same kind
 * replaces the older ones.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "#db/database";
import { nowIso, type AccountTokenPurpose, type AccountTokensTable } from "#db/schema";
import { recordAudit, type AuditAction } from "../admin/audit.server";
import { Refusal } from "../errors/refusal";
import { messages } from "../texts/catalogue";

export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  "password-reset": 30 * 60 * 1000,
  "email-verification": 24 * 3600 * 1000,
};

/** 32 bytes in base64url: what every link carries. Anything else is refused before a lookup. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type LinkProblem = "invalid" | "expired" | "used";

const PROBLEM_TEXT = {
  invalid: () => messages.linkInvalid,
  expired: () => messages.linkExpired,
  used: () => messages.linkUsed,
} satisfies Record<LinkProblem, () => string>;

/** A link that cannot be used: malformed or unknown, expired, or already used. */
export class LinkRefusal extends Refusal<400 | 410> {
  constructor(readonly problem: LinkProblem) {
    super(PROBLEM_TEXT[problem](), problem === "invalid" ? 400 : 410);
  }
}

/** A new link's secret for `user`'s current address; the user's older links of this kind stop working. */
export async function issueToken(
  db: Db,
  user: { id: string; email: string },
  purpose: AccountTokenPurpose,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("account_tokens")
      .where("user_id", "=", user.id)
      .where("purpose", "=", purpose)
      .execute();
    await trx
      .insertInto("account_tokens")
      .values({
        id: uuidv7(),
        user_id: user.id,
        token_hash: hashToken(token),
        purpose,
        email: user.email,
        expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]).toISOString(),
        used_at: null,
        created_at: now.toISOString(),
      })
      .execute();
  });
  return token;
}

async function findToken(db: Db, token: string, purpose: AccountTokenPurpose) {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  return db
    .selectFrom("account_tokens")
    .selectAll()
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .executeTakeFirst();
}

/** The link's row while it can still be used; throws LinkRefusal saying why it cannot. */
export async function usableToken(db: Db, token: string, purpose: AccountTokenPurpose) {
  const row = await findToken(db, token, purpose);
  if (!row) throw new LinkRefusal("invalid");
  if (row.used_at) throw new LinkRefusal("used");
  if (row.expires_at <= nowIso()) throw new LinkRefusal("expired");
  return row;
}

/**
 * Uses the link up, inside the caller's transaction: one conditional update, so two requests racing with the
 * same link cannot both pass. Resolves with its row; throws LinkRefusal when it cannot be used.
 */
async function consumeToken(db: Db, token: string, purpose: AccountTokenPurpose) {
  const row = await usableToken(db, token, purpose);
  const now = nowIso();
  const result = await db
    .updateTable("account_tokens")
    .set({ used_at: now })
    .where("id", "=", row.id)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new LinkRefusal("used");
  return row;
}

/** What the audit log calls the use of each kind of link: the account's own action on itself. */
const USE_ACTION = {
  "password-reset": "password.reset",
  "email-verification": "email.verify",
} satisfies Record<AccountTokenPurpose, AuditAction>;

/**
 * Uses a link for what it is for: in one transaction the link is used up and `apply` does its work with the
 * link's row (the account, and the address the link was sent to); then the use goes in the audit log as the
 * account's own. Throws LinkRefusal when the link cannot be used, or when `apply` finds it so; then nothing is
 * done.
 */
export async function redeemToken(
  db: Db,
  token: string,
  purpose: AccountTokenPurpose,
  ip: string,
  apply: (trx: Db, row: Selectable<AccountTokensTable>) => Promise<void>,
): Promise<void> {
  const userId = await db.transaction().execute(async (trx) => {
    const row = await consumeToken(trx, token, purpose);
    await apply(trx, row);
    return row.user_id;
  });
  await recordAudit(db, {
    actorUserId: userId,
    action: USE_ACTION[purpose],
    targetType: "user",
    targetId: userId,
    ip,
  });
}
