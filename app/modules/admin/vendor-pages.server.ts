/** What the vendors screen loads and how its posts are answered, so the route stays parse → call → respond. */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { SessionUser } from "../auth/session.server";
import { adminToasts } from "../errors/catalogue";
import { serverContext } from "../server-context.server";
import { redirectWithToast } from "../toast/toast.server";
import type { ToastInput } from "../toast/toast";
import { webEnv } from "~/utils/env.server";
import { webLogger } from "~/utils/logger.server";
import type { AdminActionData } from "./action-result";
import { vendorActionSchema } from "./schemas";
import { AdminActionError } from "./users.server";
import { applyVendorAction, listVendors } from "./vendors.server";

const SCREEN = "/admin/api-vendors";

export async function loadVendors() {
  return { vendors: await listVendors(serverContext().db, webEnv().appSecret) };
}

export async function answerVendorAction(request: Request, admin: SessionUser, ip: string) {
  const submission = parseWithZod(await request.formData(), { schema: vendorActionSchema });
  if (submission.status !== "success") {
    return data<AdminActionData>(
      { result: submission.reply({ hideFields: ["apiKey"] }), toast: null },
      { status: 400 },
    );
  }
  const action = submission.value;
  const { db, redis } = serverContext();
  const env = webEnv();
  const envUrls = Object.fromEntries(Object.entries(env.vendorOverrides).map(([name, o]) => [name, o.url]));
  try {
    const outcome = await applyVendorAction(
      { db, redis, ip, appSecret: env.appSecret, allowPrivateUrls: env.allowPrivateVendorUrls, envUrls },
      admin,
      action,
    );
    const toast: ToastInput = outcome.test
      ? {
          type: outcome.test.ok ? "success" : "destructive",
          ...adminToasts.connectionTest(outcome.test.ok, outcome.message),
        }
      : { type: "success", ...adminToasts.saved, description: outcome.message };
    return redirectWithToast(request, SCREEN, toast);
  } catch (error) {
    // The key is never echoed back into the form, whatever happened.
    const reply = (formErrors: string[]) => submission.reply({ formErrors, hideFields: ["apiKey"] });
    if (error instanceof AdminActionError) {
      if (error.status === 404) {
        throw new Response(error.message, {
          status: 404,
          headers: { "Content-Type": "text/plain; charset=utf-8" },
        });
      }
      return data<AdminActionData>(
        { result: reply([error.message]), toast: { ...adminToasts.saveFailed, description: error.message } },
        { status: error.status },
      );
    }
    webLogger().error(
      { err: error, intent: action.intent, vendorId: action.vendorId },
      "admin vendor action failed",
    );
    return data<AdminActionData>(
      { result: reply([adminToasts.saveFailed.description]), toast: adminToasts.saveFailed },
      { status: 500 },
    );
  }
}
