/** The Single sign-on screen's load and its posts (app/modules/auth/sso-admin.server.ts does the work). */
import type { AppLoadContext } from "@remix-run/node";
import type { SessionUser } from "~/modules/auth/session.server";
import { applySsoAction, loadSsoScreen } from "~/modules/auth/sso-admin.server";
import { ssoActionSchema } from "~/modules/auth/sso-schemas";
import { db } from "~/modules/server-context.server";
import { adminToasts } from "~/modules/texts/catalogue";
import { webEnv } from "~/utils/env.server";
import { answerAdminForm } from "./answer-form.server";

export const loadSso = () => loadSsoScreen(db(), webEnv().publicUrl);

export const answerSsoAction = (request: Request, admin: SessionUser, context: AppLoadContext) =>
  answerAdminForm({
    request,
    context,
    schema: ssoActionSchema(),
    screen: "/admin/sso",
    hideFields: ["clientSecret"],
    what: "single sign-on change",
    failureToast: () => adminToasts.settingsFailed,
    apply: async (value) => ({
      type: "success" as const,
      ...adminToasts.saved,
      description: await applySsoAction(
        { db: db(), ip: context.clientIp, appSecret: webEnv().appSecret },
        admin,
        value,
      ),
    }),
  });
