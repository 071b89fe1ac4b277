/** What the chat routes share: where to go after an action, and how an unexpected database error is reported. */
import { webLogger } from "~/utils/logger.server";
import { safeRedirect } from "~/utils/redirect";
import { ChatTitleError } from "./chats.server";

/**
 * Runs a database write. A thrown Response (404, redirect) and a ChatTitleError (bad input) pass through;
 * any other error is logged (the action and ids only: never titles or message text) and reported as
 * `{ ok: false }`, so the route can show its failure toast instead of an error page.
 * See docs/product.md §9.
 */
export async function attempt<T>(
  action: string,
  context: { userId: string; chatId?: string },
  run: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false }> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ChatTitleError) throw error;
    logFailure(action, context, error);
    return { ok: false };
  }
}

export function logFailure(action: string, context: Record<string, unknown>, error: unknown) {
  webLogger().error({ action, ...context, err: error }, "chat action failed");
}

const pathOf = (target: string) => new URL(target, "http://same.origin").pathname;

/** Back where the user was; after deleting the chat on screen, the empty new chat (docs/product.md §6). */
export function afterDeleteTarget(redirectTo: string | null | undefined, chatId: string): string {
  const target = safeRedirect(redirectTo, "/chat");
  const path = pathOf(target);
  return path === `/chat/${chatId}` || path.startsWith(`/chat/${chatId}/`) ? "/chat" : target;
}

/** Back to where the user was, the chat itself by default; never the rename page itself. */
export function afterRenameTarget(redirectTo: string | null | undefined, chatId: string): string {
  const target = safeRedirect(redirectTo, `/chat/${chatId}`);
  return pathOf(target) === `/chat/${chatId}/rename` ? `/chat/${chatId}` : target;
}
