/**
 * Passwords that appear in breach lists are refused at sign-up, whatever their length: the 49,233 most common
 * from the zxcvbn-ts list (server side only, so the browser never downloads it). Matched case-insensitively,
 * as attackers try "Password1" too.
 */
import { dictionary } from "@zxcvbn-ts/language-common";

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"]);
  return common.has(password.toLowerCase());
}
