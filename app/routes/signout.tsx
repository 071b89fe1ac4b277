import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { endSession } from "~/routes-support/auth.server";
import { toasts } from "~/modules/texts/catalogue";

export async function action({ request }: ActionFunctionArgs) {
  const from = new URL(request.headers.get("Referer") ?? request.url, request.url).pathname;
  const onChat = from.startsWith("/chat");
  return endSession(request, {
    redirectTo: onChat ? "/signin" : "/",
    toast: onChat ? toasts.signedOut : toasts.signedOutElsewhere,
  });
}

export const loader = () => redirect("/");
