/** What the users screens load and how their posts are answered, so the routes stay parse → call → respond. */
import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import type { SessionUser } from "../auth/session.server";
import { adminTexts, adminToasts } from "../errors/catalogue";
import { serverContext } from "../server-context.server";
import { redirectWithToast } from "../toast/toast.server";
import { safeRedirect } from "~/utils/redirect";
import { webLogger } from "~/utils/logger.server";
import type { AdminActionData } from "./action-result";
import { loadAnalytics } from "./screen-pages.server";
import { userActionSchema, userListQuerySchema } from "./schemas";
import {
  AdminActionError,
  applyUserAction,
  getAdminUser,
  listUsers,
  userActionFailureToast,
} from "./users.server";

const badRequest = (message: string) =>
  new Response(message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
const notFound = (message: string) =>
  new Response(message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export const USER_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A tampered id is answered 404 before any query. */
export function requireUserIdParam(value: string | undefined): string {
  if (!value || !USER_ID_PATTERN.test(value)) throw notFound(adminTexts.userNotFound);
  return value;
}

export async function loadUserList(params: URLSearchParams) {
  const parsed = userListQuerySchema().safeParse(Object.fromEntries(params));
  if (!parsed.success) throw badRequest(adminTexts.badQuery);
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
  if (!user) throw notFound(adminTexts.userNotFound);
  return { user, ...(await loadAnalytics(params, user.id)) };
}

export async function answerUserAction(
  request: Request,
  admin: SessionUser,
  userIdParam: string | undefined,
  ip: string,
) {
  const userId = requireUserIdParam(userIdParam);
  const submission = parseWithZod(await request.formData(), { schema: userActionSchema() });
  if (submission.status !== "success") {
    return data<AdminActionData>({ result: submission.reply(), toast: null }, { status: 400 });
  }
  const action = submission.value;
  const { db, redis } = serverContext();
  try {
    const outcome = await applyUserAction({ db, redis, ip }, admin, userId, action);
    if (outcome.kind === "deleted") {
      return redirectWithToast(request, "/admin/users", { type: "success", ...adminToasts.userDeleted });
    }
    const back = "redirectTo" in action ? action.redirectTo : undefined;
    const to = safeRedirect(back, `/admin/users/${userId}`);
    return redirectWithToast(request, to.startsWith("/admin") ? to : `/admin/users/${userId}`, {
      type: "success",
      ...adminToasts.userUpdated(outcome.what),
    });
  } catch (error) {
    if (error instanceof AdminActionError) {
      if (error.status === 404) throw notFound(error.message);
      const toast = userActionFailureToast(action.intent, error.message);
      return data<AdminActionData>(
        { result: submission.reply({ formErrors: [error.message] }), toast },
        { status: error.status },
      );
    }
    webLogger().error({ err: error, intent: action.intent, userId }, "admin user action failed");
    const toast = userActionFailureToast(action.intent);
    return data<AdminActionData>(
      { result: submission.reply({ formErrors: [toast.description] }), toast },
      { status: 500 },
    );
  }
}
