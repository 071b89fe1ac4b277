import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { startSso } from "~/routes-support/sso.server";
import { readFormData } from "~/utils/http.server";
import { safeRedirect } from "~/utils/redirect";

/** A POST (the 'Continue with …' button), so another site cannot start a sign-in in a visitor's browser. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const redirectTo = safeRedirect(formData.get("redirectTo"), "/chat");
  return startSso(request, params.provider!, redirectTo, context.clientIp);
}

export const loader = () => redirect("/signin");
