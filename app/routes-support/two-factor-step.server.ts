/**
 * Between the password and the code of an account with two-factor sign-in (docs/product.md §8): the browser holds
 * a signed, httpOnly cookie naming the account and the way back, good for 5 minutes. It is not a session: only
 * the second step's page reads it, and the session is created once a code is right.
 */
import { createCookie, redirect } from "@remix-run/node";
import { z } from "zod";
import type { User } from "#db/schema";
import { twoFactorTexts } from "~/modules/texts/catalogue";
import { webEnv } from "~/utils/env.server";
import { isSecureRequest } from "~/utils/http.server";
import { redirectWithToast } from "./toast.server";

export const SECOND_STEP_PATH = "/signin/two-factor";
const LIFETIME_MS = 5 * 60 * 1000;

const pendingSignin = z.object({ userId: z.string(), redirectTo: z.string(), expiresAt: z.number() });
export type PendingSignin = z.infer<typeof pendingSignin>;

let cookie: ReturnType<typeof createCookie> | undefined;
function pendingCookie() {
  cookie ??= createCookie("rogue_two_factor", {
    httpOnly: true,
    sameSite: "lax",
    // Not the step's own path: with JavaScript its data comes from /signin/two-factor.data, outside that path.
    path: "/signin",
    secrets: [webEnv().appSecret],
  });
  return cookie;
}

/** The right password of an account with 2FA: on to the second step, with no session yet. */
export async function startSecondStep(request: Request, user: User, redirectTo: string) {
  const expiresAt = Date.now() + LIFETIME_MS;
  const setCookie = await pendingCookie().serialize(
    { userId: user.id, redirectTo, expiresAt } satisfies PendingSignin,
    { expires: new Date(expiresAt), secure: isSecureRequest(request) },
  );
  return redirect(SECOND_STEP_PATH, { headers: { "Set-Cookie": setCookie } });
}

/**
 * The sign-in waiting for its code; without one (never begun, expired, or tampered with: the expiry is checked
 * here, not only by the browser) the visitor goes back to sign in.
 */
export async function requireSecondStep(request: Request): Promise<PendingSignin> {
  const parsed = pendingSignin.safeParse(await pendingCookie().parse(request.headers.get("Cookie")));
  if (parsed.success && parsed.data.expiresAt > Date.now()) return parsed.data;
  throw await backToSignin(request, parsed.data?.redirectTo);
}

/** Back to sign in from a second step that cannot go on, keeping the way back when it is known. */
export const backToSignin = (request: Request, redirectTo?: string) =>
  redirectWithToast(request, redirectTo ? `/signin?${new URLSearchParams({ redirectTo })}` : "/signin", {
    type: "destructive",
    ...twoFactorTexts.signinExpired,
  });

/** The Set-Cookie that ends the second step, once the session is made. */
export const endSecondStep = (request: Request) =>
  pendingCookie().serialize("", { maxAge: 0, secure: isSecureRequest(request) });
