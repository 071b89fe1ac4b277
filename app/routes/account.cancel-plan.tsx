/** 'Cancel plan' in Settings → Account: Professional stays until its end date and does not renew. */
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/routes-support/auth.server";
import { cancelPlan } from "~/modules/billing/orders.server";
import { messages, toasts } from "~/modules/texts/catalogue";
import { formatDate } from "~/modules/i18n/format";
import { currentLocale } from "~/modules/i18n/translate";
import { db } from "~/modules/server-context.server";
import { redirectWithToast } from "~/routes-support/toast.server";
import { isCrossSite } from "~/utils/http.server";

const BACK = "/chat?settings=account";

export const loader = () => redirect(BACK);

export async function action({ request }: ActionFunctionArgs) {
  if (isCrossSite(request)) throw data({ message: messages.crossSite }, { status: 403 });
  const { user } = await requireUser(request);
  const until = await cancelPlan(db(), user);
  if (!until) return redirect(BACK);
  const date = formatDate(until, currentLocale(), { dateStyle: "long" });
  return redirectWithToast(request, BACK, { type: "success", ...toasts.planCancelled(date) });
}
