/** What the vendors screen loads and how its posts are answered, so the route stays parse → call → respond. */
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import type { SessionUser } from "~/modules/auth/session.server";
import { adminToasts } from "~/modules/texts/catalogue";
import { serverContext } from "~/modules/server-context.server";
import type { ToastInput } from "~/modules/toast/toast";
import { webEnv } from "~/utils/env.server";
import { answerAdminForm } from "./answer-form.server";
import { parseQuery } from "./screen-pages.server";
import { vendorActionSchema, vendorScreenQuerySchema } from "~/modules/admin/schemas";
import { applyVendorAction, endpointModelList, listVendors } from "~/modules/admin/vendors.server";

const SCREEN = "/admin/api-vendors";

/** The vendors, and with `?models=<vendor>` the models that vendor's endpoint reports (a worker asks it). */
export async function loadVendors({ request }: LoaderFunctionArgs) {
  const { models } = parseQuery(vendorScreenQuerySchema, new URL(request.url).searchParams);
  const { db } = serverContext();
  const [vendors, endpointModels] = await Promise.all([
    listVendors(db, webEnv().appSecret),
    models ? endpointModelList(db, models) : null,
  ]);
  return { vendors, endpointModels };
}

/** Back to the screen as it was: a list of an endpoint's models stays open after one of them is added. */
function screenShowing(request: Request) {
  const models = new URL(request.url).searchParams.get("models");
  return models ? `${SCREEN}?${new URLSearchParams({ models })}` : SCREEN;
}

export function answerVendorAction(request: Request, admin: SessionUser, context: AppLoadContext) {
  return answerAdminForm({
    request,
    context,
    schema: vendorActionSchema(),
    screen: screenShowing(request),
    // The key is never echoed back into the form, whatever happened.
    hideFields: ["apiKey"],
    what: "vendor action",
    failureToast: () => adminToasts.saveFailed,
    apply: async (action): Promise<ToastInput> => {
      const { db, redis } = serverContext();
      const env = webEnv();
      const envUrls = Object.fromEntries(
        Object.entries(env.vendorOverrides).map(([name, o]) => [name, o.url]),
      );
      const outcome = await applyVendorAction(
        {
          db,
          redis,
          ip: context.clientIp,
          appSecret: env.appSecret,
          allowPrivateUrls: env.allowPrivateVendorUrls,
          envUrls,
        },
        admin,
        action,
      );
      return outcome.test
        ? {
            type: outcome.test.ok ? "success" : "destructive",
            ...adminToasts.connectionTest(outcome.test.ok, outcome.message),
          }
        : { type: "success", ...adminToasts.saved, description: outcome.message };
    },
  });
}
