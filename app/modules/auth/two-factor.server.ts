/**
 * Two-factor sign-in (docs/product.md §8 'Two-factor sign-in'): a TOTP authenticator app, confirmed by a first
 * code, and ten single-use recovery codes for the day the phone is lost.
 * - The TOTP secret is stored encrypted like vendor keys (#platform/crypto); recovery codes as SHA-256 only
 *   (50 random bits each: nothing to gain from a slow hash, and a copy of the database opens nothing).
 * - A code is taken at most once: the step it belongs to is written atomically, and a code of that step or an
 *   earlier one is refused, so a code seen over a shoulder or in a proxy's log cannot be replayed.
 * - Every check (code, recovery code, or the password guarding 2FA) is rate limited per account before it is
 *   made, and every change or failure is audited.
 */
import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "#db/database";
import { nowIso } from "#db/schema";
import { readSystemSettings } from "#db/system-settings";
import { decryptSecret, encryptSecret } from "#platform/crypto";
import { recordAudit, type AuditAction } from "../admin/audit.server";
import { Refusal } from "../errors/refusal";
import { messages, twoFactorTexts } from "../texts/catalogue";
import { webEnv } from "~/utils/env.server";
import { hashToken } from "./account-tokens.server";
import { verifyPassword } from "./password.server";
import { takeTwoFactorAttempt, twoFactorSucceeded } from "./rate-limit.server";

const ISSUER = "Rogue AI";
const RECOVERY_CODE_COUNT = 10;
/**
 * Crockford's base 32: no i, l, o or u, which a reader would take for 1, 1, 0 or v (normalise maps them back).
 * 32 symbols, so a random byte maps evenly.
 */
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const RECOVERY_SHAPE = /^[0-9a-hjkmnp-tv-z]{10}$/;
const TOTP_SHAPE = /^\d{6}$/;

/** A refused 2FA step, on the form field it concerns, with the catalogue's text. */
export class TwoFactorError extends Refusal<400 | 401 | 429> {
  constructor(
    readonly field: "code" | "password",
    message: string,
    status: 400 | 401 | 429,
  ) {
    super(message, status);
  }
}

export interface TwoFactorActor {
  userId: string;
  ip: string;
}

const totpOf = (secret: string, label = "") =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

const audit = (
  db: Db,
  actor: TwoFactorActor,
  action: AuditAction,
  details?: Record<string, number | string>,
) =>
  recordAudit(db, {
    actorUserId: actor.userId,
    action,
    targetType: "user",
    targetId: actor.userId,
    details,
    ip: actor.ip,
  });

/** Spaces, dashes, case and look-alikes are the reader's: `AB0DE-FGH1J` and `abode fghij` are the same code. */
const normalise = (code: string) =>
  code.toLowerCase().replace(/[\s-]/g, "").replace(/o/g, "0").replace(/[il]/g, "1");

function newRecoveryCode() {
  const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

/** The secret grouped by four, as a person types it into an app. */
const spaced = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/** When the user turned two-factor sign-in on, or null while it is off (or only being set up). */
export async function twoFactorSince(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("user_totp")
    .select("enabled_at")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.enabled_at ?? null;
}

/** Whether two-factor sign-in is on for the user: the sign-in asks for a second step then. */
export const hasTwoFactor = async (db: Db, userId: string) => (await twoFactorSince(db, userId)) !== null;

/** An admin who must set up two-factor sign-in before the console opens: the setting is on and they have none. */
export async function adminLacksTwoFactor(db: Db, userId: string): Promise<boolean> {
  const { requireAdminTwoFactor } = await readSystemSettings(db);
  return requireAdminTwoFactor && !(await hasTwoFactor(db, userId));
}

/**
 * What Settings → Security shows: when 2FA was turned on and how many recovery codes are left, or, during set-up,
 * the QR code (an SVG data URL: it shows without JavaScript) and the same secret in text.
 */
export async function twoFactorState(db: Db, user: { id: string; email: string }) {
  const [row, left] = await Promise.all([
    db.selectFrom("user_totp").selectAll().where("user_id", "=", user.id).executeTakeFirst(),
    db
      .selectFrom("recovery_codes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", user.id)
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  if (row?.enabled_at)
    return { enabledAt: row.enabled_at, recoveryCodesLeft: Number(left.n), enrolment: null };
  if (!row) return { enabledAt: null, recoveryCodesLeft: 0, enrolment: null };
  const secret = decryptSecret(row.secret_encrypted, webEnv().appSecret);
  const svg = await QRCode.toString(totpOf(secret, user.email).toString(), {
    type: "svg",
    margin: 2,
    errorCorrectionLevel: "M",
  });
  return {
    enabledAt: null,
    recoveryCodesLeft: 0,
    enrolment: {
      secret: spaced(secret),
      qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    },
  };
}

/** Begins set-up with a new secret (160 bits, as RFC 4226 advises), replacing one begun before; not while 2FA is on. */
export async function startEnrolment(db: Db, userId: string) {
  const secret_encrypted = encryptSecret(new Secret({ size: 20 }).base32, webEnv().appSecret);
  await db
    .insertInto("user_totp")
    .values({ user_id: userId, secret_encrypted, enabled_at: null, last_step: null, created_at: nowIso() })
    .onConflict((oc) =>
      oc
        .column("user_id")
        .doUpdateSet({ secret_encrypted, last_step: null, created_at: nowIso() })
        .where("user_totp.enabled_at", "is", null),
    )
    .execute();
}

/** Takes a rate-limit point for the account, or refuses with 429. */
async function takeAttempt(userId: string, field: TwoFactorError["field"]) {
  if (!(await takeTwoFactorAttempt(userId)))
    throw new TwoFactorError(field, twoFactorTexts.tooManyAttempts, 429);
}

/**
 * Takes a six-digit code of the user's secret (enabled, or in set-up when `enabled` is false): right within one
 * step either way (a phone's clock drifts), and not of a step already used.
 */
async function takeTotpCode(
  db: Db,
  userId: string,
  code: string,
  enabled: boolean,
): Promise<"taken" | "wrong" | "reused"> {
  const row = await db
    .selectFrom("user_totp")
    .select("secret_encrypted")
    .where("user_id", "=", userId)
    .where("enabled_at", enabled ? "is not" : "is", null)
    .executeTakeFirst();
  if (!row) return "wrong";
  const totp = totpOf(decryptSecret(row.secret_encrypted, webEnv().appSecret));
  const now = Date.now();
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return "wrong";
  const step = totp.counter({ timestamp: now }) + delta;
  const taken = await db
    .updateTable("user_totp")
    .set({ last_step: step })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? "taken" : "reused";
}

/** Spends one unused recovery code of the user; false when there is none such. */
async function takeRecoveryCode(db: Db, userId: string, code: string) {
  const spent = await db
    .updateTable("recovery_codes")
    .set({ used_at: nowIso() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hashToken(code))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

/** A new set of recovery codes, replacing (voiding) every earlier one; returns them in clear, to be shown once. */
async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await db
    .insertInto("recovery_codes")
    .values(
      codes.map((code) => ({
        id: uuidv7(),
        user_id: userId,
        code_hash: hashToken(normalise(code)),
        used_at: null,
        created_at: nowIso(),
      })),
    )
    .execute();
  return codes;
}

const refusal = (outcome: "wrong" | "reused") =>
  outcome === "reused"
    ? new TwoFactorError("code", twoFactorTexts.codeReused, 401)
    : new TwoFactorError("code", twoFactorTexts.codeWrong, 401);

/**
 * Finishes set-up with the first code from the user's app: 2FA is on, and the ten recovery codes are returned
 * in clear, this once.
 */
export async function confirmEnrolment(db: Db, actor: TwoFactorActor, input: string): Promise<string[]> {
  await takeAttempt(actor.userId, "code");
  const code = normalise(input);
  const outcome = TOTP_SHAPE.test(code) ? await takeTotpCode(db, actor.userId, code, false) : "wrong";
  if (outcome !== "taken") throw refusal(outcome);
  await twoFactorSucceeded(actor.userId);
  const codes = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("user_totp")
      .set({ enabled_at: nowIso() })
      .where("user_id", "=", actor.userId)
      .execute();
    return replaceRecoveryCodes(trx, actor.userId);
  });
  await audit(db, actor, "two-factor.enable");
  return codes;
}

/** The sign-in's second step: a code of the user's app or one of the recovery codes, each taken once. */
async function verifySecondFactor(db: Db, actor: TwoFactorActor, input: string) {
  await takeAttempt(actor.userId, "code");
  const code = normalise(input);
  const recovery = RECOVERY_SHAPE.test(code);
  let outcome: Awaited<ReturnType<typeof takeTotpCode>> = "wrong";
  if (TOTP_SHAPE.test(code)) outcome = await takeTotpCode(db, actor.userId, code, true);
  // Recovery codes exist only while 2FA is on: they go with it.
  else if (recovery) outcome = (await takeRecoveryCode(db, actor.userId, code)) ? "taken" : "wrong";
  if (outcome !== "taken") {
    await audit(db, actor, "two-factor.failure");
    throw refusal(outcome);
  }
  await twoFactorSucceeded(actor.userId);
  if (recovery) await audit(db, actor, "two-factor.recovery-code-used");
}

/** The password that guards turning 2FA off and renewing the codes, checked under the account's limit. */
async function checkPassword(db: Db, userId: string, password: string) {
  await takeAttempt(userId, "password");
  const stored = await db
    .selectFrom("users")
    .select("password_hash")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  if (!stored.password_hash || !(await verifyPassword(stored.password_hash, password)))
    throw new TwoFactorError("password", messages.currentPasswordWrong, 401);
  await twoFactorSucceeded(userId);
}

/** New recovery codes for an account with 2FA on (the old ones stop working); returned in clear, this once. */
export async function renewRecoveryCodes(db: Db, actor: TwoFactorActor, password: string): Promise<string[]> {
  await checkPassword(db, actor.userId, password);
  if (!(await hasTwoFactor(db, actor.userId)))
    throw new TwoFactorError("password", twoFactorTexts.notEnabled, 400);
  const codes = await db.transaction().execute((trx) => replaceRecoveryCodes(trx, actor.userId));
  await audit(db, actor, "two-factor.recovery-codes");
  return codes;
}

/** Forgets the secret and the recovery codes: the account signs in with its password alone again. */
export async function removeTwoFactor(db: Db, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    const removed = await trx.deleteFrom("user_totp").where("user_id", "=", userId).executeTakeFirst();
    return Number(removed.numDeletedRows) > 0;
  });
}

/** The user turns 2FA off, proving it with their password. */
export async function disableTwoFactor(db: Db, actor: TwoFactorActor, password: string) {
  await checkPassword(db, actor.userId, password);
  await removeTwoFactor(db, actor.userId);
  await audit(db, actor, "two-factor.disable");
}

/** The second step passed: the account to start the session for (it may have been deleted meanwhile). */
export async function signInWithSecondFactor(db: Db, actor: TwoFactorActor, code: string) {
  await verifySecondFactor(db, actor, code);
  return db.selectFrom("users").selectAll().where("id", "=", actor.userId).executeTakeFirst();
}
