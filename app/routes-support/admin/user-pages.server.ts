/** What the users screens load and how their posts are answered, so the routes stay parse → call → respond. */
import type { AppLoadContext } from "@remix-run/node";
import type { SessionUser } from "~/modules/auth/session.server";
import { adminTexts, adminToasts } from "~/modules/texts/catalogue";
import { serverContext } from "~/modules/server-context.server";
import type { ToastInput } from "~/modules/toast/toast";
import { safeRedirect } from "~/utils/redirect";
import { webLogger } from "~/utils/logger.server";
import { answerAdminForm, plainText } from "./answer-form.server";
import { loadAnalytics } from "./screen-pages.server";
import {
  isConfirmedIntent,
  userActionSchema,
  userListQuerySchema,
  type UserAction,
} from "~/modules/admin/schemas";
import {
  applyUserAction,
  getAdminUser,
  listUsers,
  userActionFailureToast,
} from "~/modules/admin/users.server";
import { twoFactorSince } from "~/modules/auth/two-factor.server";

export const USER_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A tampered id is answered 404 before any query. */
export function requireUserIdParam(value: string | undefined): string {
  if (!value || !USER_ID_PATTERN.test(value)) throw plainText(adminTexts.userNotFound, 404);
  return value;
}

export async function loadUserList(params: URLSearchParams) {
  const parsed = userListQuerySchema().safeParse(Object.fromEntries(params));
  if (!parsed.success) throw plainText(adminTexts.badQuery, 400);
  try {
    return { ...(await listUsers(serverContext().db, parsed.data)), query: parsed.data, error: null };
  } catch (error) {
    webLogger().error({ err: error }, "listing users failed");
    return { users: [], nextCursor: null, query: parsed.data, error: adminToasts.usersFailed };
  }
}

/** One user, with their usage over the chosen range (docs/product.md §4: per-user usage by time range). */
export async function loadUser(userIdParam: string | undefined, params: URLSearchParams) {
  const user = await getAdminUser(serverContext().db, requireUserIdParam(userIdParam));
  if (!user) throw plainText(adminTexts.userNotFound, 404);
  return {
    user,
    twoFactorSince: await twoFactorSince(serverContext().db, user.id),
    confirm: confirmationAsked(params),
    ...(await loadAnalytics(params, user.id)),
  };
}

/**
 * `?confirm=ban&redirectTo=…`: a flag button pressed without JavaScript asks here before anything changes;
 * the page shows what the change does and a Confirm button. Anything else in `confirm` asks nothing.
 */
function confirmationAsked(params: URLSearchParams) {
  const intent = params.get("confirm") ?? "";
  if (!isConfirmedIntent(intent)) return null;
  const back = safeRedirect(params.get("redirectTo") ?? undefined, "/admin/users");
  return { intent, redirectTo: back.startsWith("/admin") ? back : "/admin/users" };
}

/** Where a user action goes back to: the list after a delete, else the page it came from (an admin one). */
function afterUserAction(action: UserAction, userId: string) {
  if (action.intent === "delete") return "/admin/users";
  const to = safeRedirect("redirectTo" in action ? action.redirectTo : undefined, `/admin/users/${userId}`);
  return to.startsWith("/admin") ? to : `/admin/users/${userId}`;
}

export function answerUserAction(
  request: Request,
  admin: SessionUser,
  userIdParam: string | undefined,
  context: AppLoadContext,
) {
  const userId = requireUserIdParam(userIdParam);
  return answerAdminForm({
    request,
    context,
    schema: userActionSchema(),
    screen: (action) => afterUserAction(action, userId),
    what: "user action",
    logFields: (action) => ({ intent: action.intent, userId }),
    failureToast: (action) => userActionFailureToast(action.intent),
    apply: async (action): Promise<ToastInput> => {
      const { db, redis } = serverContext();
      const outcome = await applyUserAction({ db, redis, ip: context.clientIp }, admin, userId, action);
      return outcome.kind === "deleted"
        ? { type: "success", ...adminToasts.userDeleted }
        : { type: "success", ...adminToasts.userUpdated(outcome.what) };
    },
  });
}
