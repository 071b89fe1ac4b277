import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ApiKeyForm } from "~/components/chat/api-key-dialog";
import { requireUser } from "~/routes-support/auth.server";
import { db } from "~/modules/server-context.server";
import { redirectWithToast } from "~/routes-support/toast.server";
import { apiKeySchema, keyMessages } from "~/modules/vendors/key-messages";
import { saveUserKey, UserKeyError, userKeyStatus } from "~/modules/vendors/user-keys.server";
import { webEnv } from "~/utils/env.server";
import { safeRedirect } from "~/utils/redirect";
import { readFormData } from "~/utils/http.server";

/** The key form on a page of its own: where the dialog's form lands without JavaScript when it has errors. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireUser(request);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/chat");
  return { status: await userKeyStatus(db(), session.user.id), redirectTo };
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: apiKeySchema() });
  if (submission.status !== "success")
    return data(submission.reply({ hideFields: ["apiKey"] }), { status: 400 });
  try {
    await saveUserKey(db(), session.user.id, submission.value.apiKey, webEnv().appSecret);
  } catch (error) {
    if (!(error instanceof UserKeyError)) throw error;
    return data(submission.reply({ formErrors: [error.message], hideFields: ["apiKey"] }), {
      status: error.status,
    });
  }
  return redirectWithToast(request, safeRedirect(submission.value.redirectTo, "/chat"), {
    type: "success",
    ...keyMessages.saved,
  });
}

/** The vendor a user's own key is for when none is configured yet (a name, not a text to translate). */
const DEFAULT_VENDOR = "Together AI";

export default function ApiKeyPage() {
  const { t } = useTranslation("auth");
  const { status, redirectTo } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold">
        {t("vendorKey.title", { vendor: status?.vendorName ?? DEFAULT_VENDOR })}
      </h1>
      <ApiKeyForm status={status} redirectTo={redirectTo} lastResult={useActionData<typeof action>()} />
      <Link to={redirectTo} className="btn-ghost mt-4">
        {t("vendorKey.cancel")}
      </Link>
    </main>
  );
}
