/**
 * Calling a route's loader or action in an integration test as a browser would: signed-in visitors with their
 * session cookie, GET and form POST requests, and what came back whether it was returned or thrown.
 */
import { createCookie } from "@remix-run/node";
import { v7 as uuidv7 } from "uuid";
import { nowIso } from "#db/schema";
import type { Role } from "#db/schema";
import { grantRoles } from "./rows";
import type { TestEnv } from "./test-env";

const HOUR = 3600 * 1000;
export const BASE = "http://localhost";

export interface Visitor {
  userId: string;
  cookie: string;
}

/** A session for `userId`, and the Cookie header a signed-in browser would send. */
export async function sessionCookieFor(t: TestEnv, userId: string): Promise<Visitor> {
  const sessionId = uuidv7();
  await t.db
    .insertInto("sessions")
    .values({
      id: sessionId,
      user_id: userId,
      expires_at: new Date(Date.now() + HOUR).toISOString(),
      created_at: nowIso(),
    })
    .execute();
  const signed = await createCookie("rogue_session", { secrets: [t.env.appSecret] }).serialize(sessionId);
  return { userId, cookie: signed.split(";")[0]! };
}

/** A new user holding `roles`, signed in. */
export async function visitorWith(t: TestEnv, roles: Role[] = []): Promise<Visitor> {
  const userId = await t.createUser();
  await grantRoles(t.db, userId, roles);
  return sessionCookieFor(t, userId);
}

export const get = (path: string, visitor?: Visitor | null) =>
  new Request(`${BASE}${path}`, { headers: visitor ? { Cookie: visitor.cookie } : {} });

export const post = (
  path: string,
  visitor: Visitor | null,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  new Request(`${BASE}${path}`, {
    method: "POST",
    headers: {
      ...(visitor ? { Cookie: visitor.cookie } : {}),
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body: new URLSearchParams(form),
  });

export const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: { clientIp: "127.0.0.1" },
});

/** What a loader or action answered, whether it returned or threw a Response, or returned data. */
export async function outcome(
  run: () => unknown,
): Promise<{ status: number; headers: Headers; body: unknown }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const text = await value.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // plain text
    }
    return { status: value.status, headers: value.headers, body };
  }
  if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
    const wrapped = value as unknown as { data: unknown; init: ResponseInit | null };
    return {
      status: wrapped.init?.status ?? 200,
      headers: new Headers(wrapped.init?.headers),
      body: wrapped.data,
    };
  }
  if (value instanceof Error) throw value;
  return { status: 200, headers: new Headers(), body: value };
}
