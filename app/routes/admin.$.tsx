import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminAction, requireAdminPage } from "~/modules/admin/access.server";

/** Unknown admin paths go to the dashboard (docs/product.md §1). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return redirect("/admin");
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdminAction(request);
  return redirect("/admin");
}
