import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/modules/auth/session.server";

/** Spec §2: unknown admin paths go to the dashboard. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin");
}
