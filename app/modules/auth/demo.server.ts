import { toasts } from "../errors/catalogue";
import { db } from "../server-context.server";
import { takeDemo } from "./rate-limit.server";
import { redirectIfSignedIn, startSession } from "./session.server";
import { createDemoUser } from "./users.server";

/**
 * Every demo sign-in gets a fresh user of its own that expires; no visitor sees another's chats. Only a POST
 * reaches here. A visitor already signed in goes to the target and keeps their session; a client IP may
 * start DEMOS_PER_HOUR demos an hour (null when that is spent).
 */
export async function startDemo(
  request: Request,
  clientIp: string,
  redirectTo: string,
): Promise<Response | null> {
  await redirectIfSignedIn(request, redirectTo);
  if (!(await takeDemo(clientIp))) return null;
  const user = await createDemoUser(db());
  return startSession(request, user, { redirectTo, toast: toasts.demoActive });
}
