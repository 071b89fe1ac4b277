/**
 * Toasts that survive a redirect: a flash cookie read once by the next page's root loader. Server-rendered,
 * so a visitor without JavaScript sees them too.
 */
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { webEnv } from "~/utils/env.server";
import { combineHeaders, isSecureRequest } from "~/utils/http.server";
import { toastSchema, type Toast, type ToastInput } from "./toast";

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

/** The pending toast, and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  // has() before get(): reading a flash value consumes it.
  if (!session.has(FLASH_KEY)) return { toast: null, headers: null };
  const parsed = toastSchema.safeParse(session.get(FLASH_KEY));
  const headers = new Headers({
    "Set-Cookie": await toastStorage().destroySession(session, { secure: isSecureRequest(request) }),
  });
  return { toast: parsed.success ? parsed.data : null, headers };
}
