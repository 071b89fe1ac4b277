import type { User } from "#db/schema";
import { db } from "../server-context.server";
import { takeDemo } from "./rate-limit.server";
import { createDemoUser } from "./users.server";

/**
 * Every demo sign-in gets a fresh user of its own that expires; no visitor sees another's chats. A client IP may
 * start DEMOS_PER_HOUR demos an hour (null when that is spent).
 */
export async function startDemo(clientIp: string): Promise<User | null> {
  if (!(await takeDemo(clientIp))) return null;
  return createDemoUser(db());
}
