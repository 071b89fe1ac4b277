/**
 * Toasts the server renders, so a visitor without JavaScript sees them too: those that survive a redirect (a
 * flash cookie read once by the next page's root loader), and a refused form's, for the page its post renders.
 */
import { createCookieSessionStorage, redirect, type AppLoadContext } from "@remix-run/node";
import { webEnv } from "~/utils/env.server";
import { combineHeaders, isSecureRequest } from "~/utils/http.server";
import { toastSchema, type Toast, type ToastInput } from "~/modules/toast/toast";

const FLASH_KEY = "toast";

type ToastStorage = ReturnType<typeof createCookieSessionStorage<Record<string, never>, { toast: Toast }>>;
let storage: ToastStorage | undefined;
function toastStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
    cookie: {
      name: "rogue_toast",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secrets: [webEnv().appSecret],
    },
  });
  return storage;
}

export async function toastHeaders(request: Request, input: ToastInput): Promise<Headers> {
  const session = await toastStorage().getSession();
  session.flash(FLASH_KEY, toastSchema.parse({ id: crypto.randomUUID(), ...input }));
  return new Headers({
    "Set-Cookie": await toastStorage().commitSession(session, { secure: isSecureRequest(request) }),
  });
}

export async function redirectWithToast(
  request: Request,
  url: string,
  input: ToastInput,
  init?: ResponseInit,
) {
  return redirect(url, {
    ...init,
    headers: combineHeaders(init?.headers, await toastHeaders(request, input)),
  });
}

/**
 * A toast for the page this very request renders. A form posted without JavaScript gets its answer page from
 * the request that ran the action, where a flash cookie would only show on the page after; so the action
 * leaves the toast in the request's load context (one per request, shared by its action and its loaders) for
 * the root loader. With JavaScript the action's request renders no page: the page raises the toast itself.
 */
export function toastThisPage(context: AppLoadContext, toast: Toast) {
  context.pageToast = toast;
}

/**
 * The toast the page shows: this request's own (`toastThisPage`), else the pending flash toast and the header
 * that clears it. A flash toast met alongside a page toast waits for the next page.
 */
export async function readToast(
  request: Request,
  context: AppLoadContext,
): Promise<{ toast: Toast | null; headers: Headers | null }> {
  if (context.pageToast) return { toast: context.pageToast, headers: null };
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  // has() before get(): reading a flash value consumes it.
  if (!session.has(FLASH_KEY)) return { toast: null, headers: null };
  const parsed = toastSchema.safeParse(session.get(FLASH_KEY));
  const headers = new Headers({
    "Set-Cookie": await toastStorage().destroySession(session, { secure: isSecureRequest(request) }),
  });
  return { toast: parsed.success ? parsed.data : null, headers };
}
