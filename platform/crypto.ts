/**
 * Encryption of key columns (vendor keys, users' own keys): AES-256-GCM with a key derived from APP_SECRET
 * by HKDF, so the database alone never yields a usable key.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";

/** HKDF costs far more than the AES itself, and every reply decrypts its vendors' keys: derive once per secret. */
const derivedKeys = new Map<string, Buffer>();

function deriveKey(appSecret: string) {
  let key = derivedKeys.get(appSecret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", appSecret, "rogue-ai", "column-encryption", 32));
    derivedKeys.set(appSecret, key);
  }
  return key;
}

export function encryptSecret(plaintext: string, appSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(appSecret), iv);
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [
    VERSION,
    iv.toString("base64"),
    cipher.getAuthTag().toString("base64"),
    data.toString("base64"),
  ].join(":");
}

export function decryptSecret(stored: string, appSecret: string): string {
  const [version, iv, tag, data] = stored.split(":");
  if (version !== VERSION || !iv || !tag || data === undefined)
    throw new Error("Unrecognised encrypted value");
  const decipher = createDecipheriv("aes-256-gcm", deriveKey(appSecret), Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64")), decipher.final()]).toString("utf8");
}
