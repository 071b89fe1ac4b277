import type { LoaderFunctionArgs } from "@remix-run/node";
import { finishSso } from "~/routes-support/sso.server";

/** Where the provider sends the browser back (the redirect URI registered there). */
export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  finishSso(request, params.provider!, context.clientIp);
