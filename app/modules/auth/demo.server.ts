import { toasts } from "../errors/catalogue";
import { db } from "../server-context.server";
import { startSession } from "./session.server";
import { createDemoUser } from "./users.server";

/** Every demo sign-in gets a fresh user of its own that expires; no visitor sees another's chats. */
export async function startDemo(request: Request, redirectTo: string) {
  const user = await createDemoUser(db());
  return startSession(request, user, { redirectTo, toast: toasts.demoActive });
}
