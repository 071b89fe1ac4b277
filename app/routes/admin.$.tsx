import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/modules/auth/session.server";

/** Unknown admin paths go to the dashboard (docs/product.md §1). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin");
}
